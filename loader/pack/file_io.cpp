#include "pack/file_io.h"

#include <fstream>
#include <system_error>

namespace ingot {
namespace {

template <typename Container>
Result<Container> read_all(const std::filesystem::path& path, uint64_t max_bytes) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) {
    return Status(StatusCode::kNotFound, "file " + path.string() + " does not exist");
  }
  if (!std::filesystem::is_regular_file(status)) {
    return Status(StatusCode::kIoError, path.string() + " is not a regular file");
  }
  const uint64_t size = std::filesystem::file_size(path, error);
  if (error) return Status(StatusCode::kIoError, "cannot stat " + path.string() + ": " + error.message());
  if (size > max_bytes) {
    return Status(StatusCode::kIoError, path.string() + " is " + std::to_string(size) + " bytes, over the limit of " +
                                            std::to_string(max_bytes));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kIoError, "cannot open " + path.string());
  Container data(static_cast<size_t>(size), typename Container::value_type{});
  in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(size));
  if (static_cast<uint64_t>(in.gcount()) != size) {
    return Status(StatusCode::kIoError, "short read of " + path.string());
  }
  return data;
}

}  // namespace

Result<std::vector<uint8_t>> read_file_bytes(const std::filesystem::path& path, uint64_t max_bytes) {
  return read_all<std::vector<uint8_t>>(path, max_bytes);
}

Result<std::string> read_file_text(const std::filesystem::path& path, uint64_t max_bytes) {
  return read_all<std::string>(path, max_bytes);
}

}  // namespace ingot
