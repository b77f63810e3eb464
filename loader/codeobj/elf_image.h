// A bounds-checked view of an ELF64 little-endian file, read with libelf. Private to ingot_codeobj.
// libelf trusts section and program headers; every range here is checked against the buffer first,
// and section contents are read from our own copy, never through an unchecked pointer.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ingot/tooling/code_object.h"
#include "ingot/status.h"

namespace ingot::elf {

struct Section {
  size_t index = 0;
  std::string name;
  uint32_t type = 0;
  uint64_t flags = 0;
  uint64_t addr = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint32_t link = 0;
  uint64_t entsize = 0;
};

struct Segment {
  uint32_t type = 0;
  uint32_t flags = 0;
  uint64_t offset = 0;
  uint64_t vaddr = 0;
  uint64_t file_size = 0;
  uint64_t mem_size = 0;
};

struct Note {
  std::string owner;
  uint32_t type = 0;
  std::span<const uint8_t> desc;  // points into Image::bytes
  std::string where;              // "section .note, note 0" for messages
};

struct Image {
  std::vector<uint8_t> bytes;  // our own copy; every span below points into it
  uint16_t e_type = 0;
  uint16_t e_machine = 0;
  uint8_t os_abi = 0;
  uint8_t abi_version = 0;
  uint32_t e_flags = 0;
  std::vector<Section> sections;
  std::vector<Segment> segments;
  std::vector<ElfSymbol> symbols;
  std::vector<Note> notes;

  const Section* find_section(std::string_view name) const;
  // The file bytes of a section (empty for SHT_NOBITS); ranges were checked at parse time.
  std::span<const uint8_t> contents(const Section& section) const;
  // `size` bytes at virtual address `addr` inside section `section_index` (or any allocated
  // section when the index is not a real section); kCorruptCodeObject when out of range.
  Result<std::span<const uint8_t>> read_at_address(uint64_t addr, uint64_t size, size_t section_index,
                                                   std::string_view what) const;
};

// Parses headers, sections, segments, symbol tables and notes. Total on malformed input.
Result<Image> parse_image(std::span<const uint8_t> bytes);

}  // namespace ingot::elf
