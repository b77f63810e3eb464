// Everything the numerics room provides, for callers that want one include: number formats, MODE
// types, transcendentals, the MFMA shape table, layouts and mfma_execute, sparse MFMA (smfmac).
#pragma once

#include "ingot_emu/float_mode.h"
#include "ingot_emu/mfma.h"
#include "ingot_emu/mfma_layout.h"
#include "ingot_emu/mfma_shapes.h"
#include "ingot_emu/number_formats.h"
#include "ingot_emu/smfmac.h"
#include "ingot_emu/transcendental.h"
