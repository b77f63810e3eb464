#include "codeobj/elf_image.h"

#include <gelf.h>
#include <libelf.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <string_view>

namespace ingot::elf {
namespace {

constexpr size_t kElf64HeaderSize = sizeof(Elf64_Ehdr);
constexpr size_t kElf64SectionHeaderSize = sizeof(Elf64_Shdr);
constexpr size_t kElf64ProgramHeaderSize = sizeof(Elf64_Phdr);
// Notes in AMDGPU code objects are 4-byte aligned (AMDGPUUsage "Note Records").
constexpr uint64_t kNoteAlign = 4;

Status corrupt(std::string message) { return {StatusCode::kCorruptCodeObject, std::move(message)}; }

// offset + size <= limit, without overflow.
bool range_fits(uint64_t offset, uint64_t size, uint64_t limit) {
  return offset <= limit && size <= limit - offset;
}

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

uint64_t align_up(uint64_t value, uint64_t align) {
  return value + (align - value % align) % align;
}

template <typename T>
T read_le(std::span<const uint8_t> bytes, size_t offset) {
  T value{};
  std::memcpy(&value, bytes.data() + offset, sizeof(T));  // x86-64 and AMDGPU ELF are little-endian
  return value;
}

struct ElfCloser {
  void operator()(Elf* elf) const { elf_end(elf); }
};

bool init_libelf() {
  static std::once_flag once;
  static bool ok = false;
  std::call_once(once, [] { ok = elf_version(EV_CURRENT) != EV_NONE; });
  return ok;
}

// The NUL-terminated string at `offset` in a string table, or an error naming `what`.
Result<std::string> string_at(std::span<const uint8_t> table, uint64_t offset, std::string_view what) {
  if (offset >= table.size()) {
    return corrupt(std::string(what) + ": name offset " + std::to_string(offset) +
                   " outside its string table of " + std::to_string(table.size()) + " bytes");
  }
  const auto* start = table.data() + offset;
  const void* nul = std::memchr(start, 0, table.size() - offset);
  if (nul == nullptr) return corrupt(std::string(what) + ": name is not NUL-terminated");
  return std::string(reinterpret_cast<const char*>(start),
                     static_cast<size_t>(static_cast<const uint8_t*>(nul) - start));
}

// Checks the raw header before libelf sees the file, so libelf only reads ranges we have checked.
Status check_raw_header(std::span<const uint8_t> bytes) {
  if (bytes.size() < kElf64HeaderSize) {
    return corrupt("file is " + std::to_string(bytes.size()) + " bytes, shorter than an ELF64 header (" +
                   std::to_string(kElf64HeaderSize) + ")");
  }
  if (std::memcmp(bytes.data(), ELFMAG, SELFMAG) != 0) return corrupt("not an ELF file (bad magic)");
  if (bytes[EI_CLASS] != ELFCLASS64) return corrupt("ELF class is not 64-bit");
  if (bytes[EI_DATA] != ELFDATA2LSB) return corrupt("ELF data encoding is not little-endian");
  if (bytes[EI_VERSION] != EV_CURRENT) return corrupt("ELF identification version is not 1");
  const uint64_t size = bytes.size();
  const auto shoff = read_le<uint64_t>(bytes, offsetof(Elf64_Ehdr, e_shoff));
  const auto phoff = read_le<uint64_t>(bytes, offsetof(Elf64_Ehdr, e_phoff));
  const auto shentsize = read_le<uint16_t>(bytes, offsetof(Elf64_Ehdr, e_shentsize));
  const auto phentsize = read_le<uint16_t>(bytes, offsetof(Elf64_Ehdr, e_phentsize));
  const auto shnum = read_le<uint16_t>(bytes, offsetof(Elf64_Ehdr, e_shnum));
  const auto phnum = read_le<uint16_t>(bytes, offsetof(Elf64_Ehdr, e_phnum));
  const auto shstrndx = read_le<uint16_t>(bytes, offsetof(Elf64_Ehdr, e_shstrndx));
  const auto ehsize = read_le<uint16_t>(bytes, offsetof(Elf64_Ehdr, e_ehsize));
  if (ehsize != kElf64HeaderSize) return corrupt("e_ehsize is " + std::to_string(ehsize) + ", not 64");
  if (shoff != 0 || shnum != 0) {
    if (shnum == 0) return corrupt("e_shoff is set but e_shnum is 0 (extended numbering is not supported)");
    if (shentsize != kElf64SectionHeaderSize) {
      return corrupt("e_shentsize is " + std::to_string(shentsize) + ", not 64");
    }
    if (!range_fits(shoff, uint64_t{shnum} * kElf64SectionHeaderSize, size)) {
      return corrupt("section header table (offset " + std::to_string(shoff) + ", " + std::to_string(shnum) +
                     " entries) runs past the end of the " + std::to_string(size) + "-byte file");
    }
    if (shstrndx >= shnum) {
      return corrupt("e_shstrndx " + std::to_string(shstrndx) + " is not a section (" + std::to_string(shnum) +
                     " sections)");
    }
  }
  if (phoff != 0 || phnum != 0) {
    if (phnum == PN_XNUM) return corrupt("e_phnum is PN_XNUM (extended numbering is not supported)");
    if (phnum != 0 && phentsize != kElf64ProgramHeaderSize) {
      return corrupt("e_phentsize is " + std::to_string(phentsize) + ", not 56");
    }
    if (!range_fits(phoff, uint64_t{phnum} * kElf64ProgramHeaderSize, size)) {
      return corrupt("program header table (offset " + std::to_string(phoff) + ", " + std::to_string(phnum) +
                     " entries) runs past the end of the " + std::to_string(size) + "-byte file");
    }
  }
  return Status::ok();
}

Status read_sections(Elf* elf, Image& image) {
  size_t count = 0;
  size_t names_index = 0;
  if (elf_getshdrnum(elf, &count) != 0) return corrupt(std::string("section count: ") + elf_errmsg(-1));
  if (count == 0) return Status::ok();
  if (elf_getshdrstrndx(elf, &names_index) != 0) {
    return corrupt(std::string("section name table index: ") + elf_errmsg(-1));
  }
  const uint64_t file_size = image.bytes.size();
  image.sections.resize(count);
  for (size_t i = 0; i < count; ++i) {
    Elf_Scn* scn = elf_getscn(elf, i);
    GElf_Shdr header;
    if (scn == nullptr || gelf_getshdr(scn, &header) == nullptr) {
      return corrupt("section " + std::to_string(i) + ": unreadable header: " + elf_errmsg(-1));
    }
    Section& section = image.sections[i];
    section.index = i;
    section.type = header.sh_type;
    section.flags = header.sh_flags;
    section.addr = header.sh_addr;
    section.offset = header.sh_offset;
    section.size = header.sh_size;
    section.link = header.sh_link;
    section.entsize = header.sh_entsize;
    if (section.type != SHT_NOBITS && section.type != SHT_NULL &&
        !range_fits(section.offset, section.size, file_size)) {
      return corrupt("section " + std::to_string(i) + ": offset " + std::to_string(section.offset) + " + size " +
                     std::to_string(section.size) + " runs past the end of the " + std::to_string(file_size) +
                     "-byte file");
    }
  }
  const Section& names = image.sections[names_index];
  if (names.type != SHT_STRTAB) return corrupt("section name table is not SHT_STRTAB");
  const auto name_table = image.contents(names);
  for (Section& section : image.sections) {
    GElf_Shdr header;
    gelf_getshdr(elf_getscn(elf, section.index), &header);
    if (section.index == 0) continue;
    auto name = string_at(name_table, header.sh_name, "section " + std::to_string(section.index));
    if (!name) return name.status();
    section.name = std::move(name.value());
  }
  return Status::ok();
}

Status read_segments(Elf* elf, Image& image) {
  size_t count = 0;
  if (elf_getphdrnum(elf, &count) != 0) return corrupt(std::string("program header count: ") + elf_errmsg(-1));
  const uint64_t file_size = image.bytes.size();
  for (size_t i = 0; i < count; ++i) {
    GElf_Phdr header;
    if (gelf_getphdr(elf, static_cast<int>(i), &header) == nullptr) {
      return corrupt("program header " + std::to_string(i) + ": unreadable: " + elf_errmsg(-1));
    }
    Segment segment{header.p_type, header.p_flags, header.p_offset, header.p_vaddr, header.p_filesz,
                    header.p_memsz};
    if (!range_fits(segment.offset, segment.file_size, file_size)) {
      return corrupt("program header " + std::to_string(i) + ": file range runs past the end of the file");
    }
    if (segment.type == PT_LOAD && segment.file_size > segment.mem_size) {
      return corrupt("program header " + std::to_string(i) + ": p_filesz exceeds p_memsz");
    }
    image.segments.push_back(segment);
  }
  return Status::ok();
}

// Reads SHT_SYMTAB and SHT_DYNSYM entries directly from our checked bytes (Elf64_Sym layout).
Status read_symbols(Image& image) {
  for (const Section& table : image.sections) {
    if (table.type != SHT_SYMTAB && table.type != SHT_DYNSYM) continue;
    const std::string where = "symbol table " + table.name;
    if (table.entsize != sizeof(Elf64_Sym)) {
      return corrupt(where + ": sh_entsize " + std::to_string(table.entsize) + " is not 24");
    }
    if (table.size % sizeof(Elf64_Sym) != 0) return corrupt(where + ": size is not a multiple of 24");
    if (table.link >= image.sections.size() || image.sections[table.link].type != SHT_STRTAB) {
      return corrupt(where + ": sh_link does not name a string table");
    }
    const auto names = image.contents(image.sections[table.link]);
    const auto entries = image.contents(table);
    for (size_t at = 0; at < entries.size(); at += sizeof(Elf64_Sym)) {
      Elf64_Sym raw;
      std::memcpy(&raw, entries.data() + at, sizeof raw);
      if (raw.st_name == 0) continue;
      auto name = string_at(names, raw.st_name, where + " entry " + std::to_string(at / sizeof(Elf64_Sym)));
      if (!name) return name.status();
      image.symbols.push_back(ElfSymbol{std::move(name.value()), raw.st_value, raw.st_size,
                                        static_cast<uint8_t>(ELF64_ST_TYPE(raw.st_info)),
                                        static_cast<uint8_t>(ELF64_ST_BIND(raw.st_info)), raw.st_shndx});
    }
  }
  return Status::ok();
}

// Walks note records (Elf64_Nhdr: namesz, descsz, type; name and desc padded to 4 bytes).
Status read_notes_in(Image& image, std::span<const uint8_t> data, const std::string& where_prefix) {
  uint64_t at = 0;
  size_t index = 0;
  while (at < data.size()) {
    const std::string where = where_prefix + ", note " + std::to_string(index);
    if (!range_fits(at, sizeof(Elf64_Nhdr), data.size())) return corrupt(where + ": truncated note header");
    const auto namesz = read_le<uint32_t>(data, at);
    const auto descsz = read_le<uint32_t>(data, at + 4);
    const auto type = read_le<uint32_t>(data, at + 8);
    at += sizeof(Elf64_Nhdr);
    if (!range_fits(at, namesz, data.size())) return corrupt(where + ": name runs past the note section");
    std::string owner(reinterpret_cast<const char*>(data.data() + at), namesz);
    if (!owner.empty() && owner.back() == '\0') owner.pop_back();
    at = align_up(at + namesz, kNoteAlign);
    if (!range_fits(at, descsz, data.size())) return corrupt(where + ": descriptor runs past the note section");
    image.notes.push_back(Note{std::move(owner), type, data.subspan(at, descsz), where});
    at = align_up(at + descsz, kNoteAlign);
    ++index;
  }
  return Status::ok();
}

Status read_notes(Image& image) {
  // Each note section once; program headers (PT_NOTE) usually cover the same bytes.
  for (const Section& section : image.sections) {
    if (section.type != SHT_NOTE) continue;
    INGOT_RETURN_IF_ERROR(read_notes_in(image, image.contents(section), "section " + section.name));
  }
  if (!image.notes.empty()) return Status::ok();
  for (size_t i = 0; i < image.segments.size(); ++i) {
    const Segment& segment = image.segments[i];
    if (segment.type != PT_NOTE) continue;
    std::span<const uint8_t> data(image.bytes.data() + segment.offset, segment.file_size);
    INGOT_RETURN_IF_ERROR(read_notes_in(image, data, "program header " + std::to_string(i)));
  }
  return Status::ok();
}

}  // namespace

const Section* Image::find_section(std::string_view name) const {
  for (const Section& section : sections) {
    if (section.name == name) return &section;
  }
  return nullptr;
}

std::span<const uint8_t> Image::contents(const Section& section) const {
  if (section.type == SHT_NOBITS || section.type == SHT_NULL) return {};
  return std::span<const uint8_t>(bytes).subspan(section.offset, section.size);
}

Result<std::span<const uint8_t>> Image::read_at_address(uint64_t addr, uint64_t size, size_t section_index,
                                                       std::string_view what) const {
  auto in_section = [&](const Section& section) {
    return section.type != SHT_NOBITS && section.type != SHT_NULL && addr >= section.addr &&
           range_fits(addr - section.addr, size, section.size);
  };
  const Section* found = nullptr;
  if (section_index > 0 && section_index < sections.size()) {
    if (in_section(sections[section_index])) found = &sections[section_index];
  } else {
    for (const Section& section : sections) {
      if ((section.flags & SHF_ALLOC) != 0 && in_section(section)) {
        found = &section;
        break;
      }
    }
  }
  if (found == nullptr) {
    return corrupt(std::string(what) + ": " + std::to_string(size) + " bytes at address " + hex(addr) +
                   " are not inside the file data of section " + std::to_string(section_index));
  }
  return contents(*found).subspan(addr - found->addr, size);
}

Result<Image> parse_image(std::span<const uint8_t> bytes) {
  INGOT_RETURN_IF_ERROR(check_raw_header(bytes));
  if (!init_libelf()) return Status(StatusCode::kInternal, "libelf version mismatch");
  Image image;
  image.bytes.assign(bytes.begin(), bytes.end());
  // elf_memory wants a mutable pointer; it reads our copy in place and never writes with ELF_C_READ.
  std::unique_ptr<Elf, ElfCloser> elf(
      elf_memory(reinterpret_cast<char*>(image.bytes.data()), image.bytes.size()));
  if (!elf || elf_kind(elf.get()) != ELF_K_ELF) return corrupt(std::string("libelf: ") + elf_errmsg(-1));
  GElf_Ehdr header;
  if (gelf_getehdr(elf.get(), &header) == nullptr) return corrupt(std::string("ELF header: ") + elf_errmsg(-1));
  image.e_type = header.e_type;
  image.e_machine = header.e_machine;
  image.os_abi = header.e_ident[EI_OSABI];
  image.abi_version = header.e_ident[EI_ABIVERSION];
  image.e_flags = header.e_flags;
  INGOT_RETURN_IF_ERROR(read_sections(elf.get(), image));
  INGOT_RETURN_IF_ERROR(read_segments(elf.get(), image));
  INGOT_RETURN_IF_ERROR(read_symbols(image));
  INGOT_RETURN_IF_ERROR(read_notes(image));
  return image;
}

}  // namespace ingot::elf
