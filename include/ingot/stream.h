// The stream type of every launch: HIP's own hipStream_t. Declared here exactly as
// hip/hip_runtime_api.h declares it (a repeated identical typedef is valid C and C++), so an engine that
// includes HIP passes its streams unchanged and one that does not needs no HIP headers.
// nullptr is HIP's default stream; the emulator runs every launch synchronously and ignores it.
#ifndef INGOT_STREAM_H_
#define INGOT_STREAM_H_

typedef struct ihipStream_t* hipStream_t;

#endif  // INGOT_STREAM_H_
