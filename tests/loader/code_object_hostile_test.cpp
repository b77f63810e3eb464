// The reader on truncated, corrupted and lying inputs: it must return an error or a parse,
// never crash (run under ASan/UBSan in the fuzz build to catch silent overreads too).
#include <gtest/gtest.h>

#include <cstring>
#include <elf.h>
#include <random>

#include "ingot/tooling/code_object.h"
#include "test_support.h"

namespace ingot {
namespace {

std::optional<std::vector<uint8_t>> fixture() { return test::fixture_bytes("scale_gfx942"); }

template <typename T>
void poke(std::vector<uint8_t>& bytes, size_t offset, T value) {
  std::memcpy(bytes.data() + offset, &value, sizeof value);
}

template <typename T>
T peek(const std::vector<uint8_t>& bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof value);
  return value;
}

Elf64_Ehdr header_of(const std::vector<uint8_t>& bytes) { return peek<Elf64_Ehdr>(bytes, 0); }

// Offset of the section header whose type is `type` (first match).
std::optional<size_t> section_header_offset(const std::vector<uint8_t>& bytes, uint32_t type) {
  const Elf64_Ehdr eh = header_of(bytes);
  for (size_t i = 0; i < eh.e_shnum; ++i) {
    const size_t at = eh.e_shoff + i * sizeof(Elf64_Shdr);
    if (peek<Elf64_Shdr>(bytes, at).sh_type == type) return at;
  }
  return std::nullopt;
}

void expect_corrupt(const std::vector<uint8_t>& bytes, const std::string& needle) {
  auto object = read_code_object(bytes);
  ASSERT_FALSE(object.is_ok());
  EXPECT_EQ(object.status().code(), StatusCode::kCorruptCodeObject);
  EXPECT_NE(object.status().message().find(needle), std::string::npos) << object.status().message();
}

TEST(CodeObjectHostile, EveryTruncationErrorsCleanly) {
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  // The section header table sits at the end, so every proper prefix loses part of it.
  for (size_t length = 0; length < bytes->size(); ++length) {
    auto object = read_code_object(std::span<const uint8_t>(*bytes).first(length));
    ASSERT_FALSE(object.is_ok()) << "prefix of " << length << " bytes parsed";
    ASSERT_EQ(object.status().code(), StatusCode::kCorruptCodeObject) << length;
  }
  EXPECT_TRUE(read_code_object(*bytes).is_ok());
}

TEST(CodeObjectHostile, RandomByteFlipsNeverCrash) {
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  std::mt19937_64 random(20261121);
  size_t parsed = 0, rejected = 0;
  for (int round = 0; round < 3000; ++round) {
    std::vector<uint8_t> mutated = *bytes;
    const int flips = 1 + static_cast<int>(random() % 8);
    for (int i = 0; i < flips; ++i) {
      mutated[random() % mutated.size()] ^= static_cast<uint8_t>(1u << (random() % 8));
    }
    auto object = read_code_object(mutated);
    if (object.is_ok()) {
      ++parsed;
      // Whatever parsed must be self-consistent enough to walk.
      for (const CodeObjectKernel& kernel : object->kernels) {
        EXPECT_FALSE(kernel.metadata.name.empty() && kernel.metadata.symbol.empty());
      }
    } else {
      ++rejected;
      EXPECT_FALSE(object.status().message().empty());
    }
  }
  EXPECT_EQ(parsed + rejected, 3000u);
  EXPECT_GT(rejected, 0u);
}

TEST(CodeObjectHostile, NotElfOrWrongClass) {
  expect_corrupt({}, "shorter than an ELF64 header");
  std::vector<uint8_t> zeros(4096, 0);
  expect_corrupt(zeros, "bad magic");
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  std::vector<uint8_t> elf32 = *bytes;
  elf32[EI_CLASS] = ELFCLASS32;
  expect_corrupt(elf32, "64-bit");
  std::vector<uint8_t> big_endian = *bytes;
  big_endian[EI_DATA] = ELFDATA2MSB;
  expect_corrupt(big_endian, "little-endian");
}

TEST(CodeObjectHostile, WrongMachineOrAbi) {
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  std::vector<uint8_t> x86 = *bytes;
  poke<uint16_t>(x86, offsetof(Elf64_Ehdr, e_machine), EM_X86_64);
  expect_corrupt(x86, "EM_AMDGPU");
  std::vector<uint8_t> old_abi = *bytes;
  old_abi[EI_ABIVERSION] = 1;  // code object v3
  expect_corrupt(old_abi, "EI_ABIVERSION");
  std::vector<uint8_t> v6 = *bytes;
  v6[EI_ABIVERSION] = 4;
  auto object = read_code_object(v6);
  ASSERT_TRUE(object.is_ok());
  EXPECT_EQ(object->code_object_version, 6u);
  std::vector<uint8_t> other_mach = *bytes;
  poke<uint32_t>(other_mach, offsetof(Elf64_Ehdr, e_flags), 0x3f);  // gfx90a, features unsupported
  object = read_code_object(other_mach);
  ASSERT_TRUE(object.is_ok());
  EXPECT_EQ(object->arch, "gfx90a");
  EXPECT_EQ(object->xnack, TargetFeature::kUnsupported);
}

TEST(CodeObjectHostile, LyingHeaderTables) {
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  std::vector<uint8_t> far_sections = *bytes;
  poke<uint64_t>(far_sections, offsetof(Elf64_Ehdr, e_shoff), uint64_t{1} << 62);
  expect_corrupt(far_sections, "section header table");
  std::vector<uint8_t> many_sections = *bytes;
  poke<uint16_t>(many_sections, offsetof(Elf64_Ehdr, e_shnum), 0xfff0);
  expect_corrupt(many_sections, "section header table");
  std::vector<uint8_t> bad_strndx = *bytes;
  poke<uint16_t>(bad_strndx, offsetof(Elf64_Ehdr, e_shstrndx), header_of(*bytes).e_shnum);
  expect_corrupt(bad_strndx, "e_shstrndx");
  std::vector<uint8_t> far_segments = *bytes;
  poke<uint64_t>(far_segments, offsetof(Elf64_Ehdr, e_phoff), ~uint64_t{0} - 8);
  expect_corrupt(far_segments, "program header table");
}

TEST(CodeObjectHostile, LyingSectionRanges) {
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  auto note_at = section_header_offset(*bytes, SHT_NOTE);
  ASSERT_TRUE(note_at.has_value());
  std::vector<uint8_t> huge_note = *bytes;
  poke<uint64_t>(huge_note, *note_at + offsetof(Elf64_Shdr, sh_size), ~uint64_t{0});
  expect_corrupt(huge_note, "runs past the end");
  std::vector<uint8_t> wrapped = *bytes;
  poke<uint64_t>(wrapped, *note_at + offsetof(Elf64_Shdr, sh_offset), ~uint64_t{0} - 4);
  expect_corrupt(wrapped, "runs past the end");

  auto symtab_at = section_header_offset(*bytes, SHT_SYMTAB);
  ASSERT_TRUE(symtab_at.has_value());
  std::vector<uint8_t> bad_entsize = *bytes;
  poke<uint64_t>(bad_entsize, *symtab_at + offsetof(Elf64_Shdr, sh_entsize), 7);
  expect_corrupt(bad_entsize, "sh_entsize");
  std::vector<uint8_t> bad_link = *bytes;
  poke<uint32_t>(bad_link, *symtab_at + offsetof(Elf64_Shdr, sh_link), 0xffff);
  expect_corrupt(bad_link, "string table");
}

TEST(CodeObjectHostile, LyingNoteSizes) {
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  auto note_at = section_header_offset(*bytes, SHT_NOTE);
  ASSERT_TRUE(note_at.has_value());
  const auto note_header = peek<Elf64_Shdr>(*bytes, *note_at);
  std::vector<uint8_t> long_desc = *bytes;
  poke<uint32_t>(long_desc, note_header.sh_offset + 4, 0xfffffff0u);  // descsz
  expect_corrupt(long_desc, "descriptor runs past");
  std::vector<uint8_t> long_name = *bytes;
  poke<uint32_t>(long_name, note_header.sh_offset, 0xfffffff0u);  // namesz
  expect_corrupt(long_name, "name runs past");
}

TEST(CodeObjectHostile, GarbageMetadata) {
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  auto note_at = section_header_offset(*bytes, SHT_NOTE);
  ASSERT_TRUE(note_at.has_value());
  const auto note_header = peek<Elf64_Shdr>(*bytes, *note_at);
  // Walk the notes to the AMDGPU metadata one and scribble over its msgpack.
  size_t at = note_header.sh_offset;
  const size_t end = at + note_header.sh_size;
  bool found = false;
  while (at + 12 <= end) {
    const auto namesz = peek<uint32_t>(*bytes, at);
    const auto descsz = peek<uint32_t>(*bytes, at + 4);
    const auto type = peek<uint32_t>(*bytes, at + 8);
    const size_t desc = at + 12 + ((namesz + 3) & ~3u);
    if (type == 32) {
      std::vector<uint8_t> garbage = *bytes;
      std::memset(garbage.data() + desc, 0xc1, descsz);  // 0xc1: never used in msgpack
      expect_corrupt(garbage, "AMDGPU metadata");
      std::vector<uint8_t> huge_array = *bytes;
      huge_array[desc] = 0xdd;  // array32 with 2^32-1 elements
      poke<uint32_t>(huge_array, desc + 1, 0xffffffffu);
      expect_corrupt(huge_array, "AMDGPU metadata");
      std::vector<uint8_t> not_a_map = *bytes;
      not_a_map[desc] = 0x07;  // positive fixint
      expect_corrupt(not_a_map, "root is not a map");
      found = true;
    }
    at = desc + ((descsz + 3) & ~3u);
  }
  EXPECT_TRUE(found);
}

TEST(CodeObjectHostile, DescriptorSymbolOutsideItsSection) {
  auto bytes = fixture();
  if (!bytes) GTEST_SKIP() << "fixture not built";
  auto object = read_code_object(*bytes);
  ASSERT_TRUE(object.is_ok());
  const uint64_t kd_address = object->find_symbol("scale_gfx942.kd")->value;
  // Move every .kd symbol (symtab and dynsym) far away.
  std::vector<uint8_t> moved = *bytes;
  const Elf64_Ehdr eh = header_of(moved);
  int patched = 0;
  for (size_t i = 0; i < eh.e_shnum; ++i) {
    const auto sh = peek<Elf64_Shdr>(moved, eh.e_shoff + i * sizeof(Elf64_Shdr));
    if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) continue;
    for (size_t s = 0; s < sh.sh_size / sizeof(Elf64_Sym); ++s) {
      const size_t sym_at = sh.sh_offset + s * sizeof(Elf64_Sym);
      auto sym = peek<Elf64_Sym>(moved, sym_at);
      if (sym.st_value == kd_address && sym.st_size == 64) {
        sym.st_value = kd_address + 0x100000;
        poke(moved, sym_at, sym);
        ++patched;
      }
    }
  }
  ASSERT_GT(patched, 0);
  expect_corrupt(moved, "descriptor");
}

}  // namespace
}  // namespace ingot
