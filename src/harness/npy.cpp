#include "harness/npy.hpp"

#include <sys/stat.h>

#include <array>
#include <bit>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <istream>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "harness/output_file.hpp"
#include "harness/usage.hpp"

namespace bench::npy {

static_assert(std::endian::native == std::endian::little,
              "the .npy reader and writer assume a little-endian host");

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

// The header dictionary, e.g. {'descr': '<f4', 'fortran_order': False, 'shape': (3,), }
struct Header {
  std::string descr;
  bool has_descr = false, has_order = false, has_shape = false;
  std::vector<std::uint64_t> shape;
};

// A small parser for the Python literal NumPy writes: a dict of string keys to
// a string, True/False or a tuple of integers.
class HeaderParser {
 public:
  HeaderParser(const std::string& text, const std::string& where) : text_(text), where_(where) {}

  Header parse() {
    Header header;
    expect('{');
    while (!peek('}')) {
      const std::string key = string();
      expect(':');
      if (key == "descr") {
        if (!peek('\'') && !peek('"')) bad("'descr' is not a simple dtype string");
        header.descr = string();
        header.has_descr = true;
      } else if (key == "fortran_order") {
        word();  // True or False: either is fine for a 1-D array
        header.has_order = true;
      } else if (key == "shape") {
        header.shape = tuple();
        header.has_shape = true;
      } else {
        bad("unknown header key '" + printable(key) + "'");
      }
      if (!peek('}')) expect(',');
    }
    expect('}');
    if (!header.has_descr || !header.has_order || !header.has_shape) {
      bad("the header lacks 'descr', 'fortran_order' or 'shape'");
    }
    return header;
  }

 private:
  [[noreturn]] void bad(const std::string& why) const {
    throw UsageError(where_ + ": not a valid .npy header: " + why);
  }
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool peek(char c) {
    skip();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  void expect(char c) {
    if (!peek(c)) bad(std::string("expected '") + c + "'");
    ++pos_;
  }
  std::string string() {
    skip();
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) {
      bad("expected a quoted string");
    }
    const char quote = text_[pos_++];
    const auto end = text_.find(quote, pos_);
    if (end == std::string::npos) bad("unterminated string");
    std::string value = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return value;
  }
  std::string word() {
    skip();
    const auto start = pos_;
    while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    const std::string value = text_.substr(start, pos_ - start);
    if (value != "True" && value != "False") bad("'fortran_order' is neither True nor False");
    return value;
  }
  std::vector<std::uint64_t> tuple() {
    std::vector<std::uint64_t> dims;
    expect('(');
    while (!peek(')')) {
      skip();
      std::uint64_t value = 0;
      const auto start = pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        const auto digit = static_cast<std::uint64_t>(text_[pos_++] - '0');
        if (value > (UINT64_MAX - digit) / 10) bad("a dimension is too large");
        value = value * 10 + digit;
      }
      if (pos_ == start) bad("'shape' is not a tuple of integers");
      // Python 2 era files may write 3L.
      if (pos_ < text_.size() && text_[pos_] == 'L') ++pos_;
      dims.push_back(value);
      if (!peek(')')) expect(',');
    }
    expect(')');
    return dims;
  }

  const std::string& text_;
  const std::string& where_;
  std::size_t pos_ = 0;
};

std::string shape_text(const std::vector<std::uint64_t>& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    text += (i ? ", " : "") + std::to_string(shape[i]);
  }
  return text + (shape.size() == 1 ? ",)" : ")");
}

// The element type a descr names, or a UsageError saying why it is refused.
Values values_for(const std::string& descr, const std::string& where) {
  if (descr == "<f4") return std::vector<float>();
  if (descr == "<f8") return std::vector<double>();
  if (descr == "<i4") return std::vector<std::int32_t>();
  if (descr == "<i8") return std::vector<std::int64_t>();
  const std::string supported = " (supported: float32, float64, int32, int64, little-endian)";
  if (descr.size() >= 2 && descr[0] == '>') {
    throw UsageError(where + ": dtype '" + printable(descr) + "' is big-endian" + supported);
  }
  if (descr.find('O') != std::string::npos) {
    throw UsageError(where + ": holds Python objects (dtype '" + printable(descr) +
                     "'), not numbers; it cannot be read" + supported);
  }
  throw UsageError(where + ": dtype '" + printable(descr) + "' is not supported" + supported);
}

}  // namespace

std::size_t Array::size() const {
  return std::visit([](const auto& v) { return v.size(); }, values);
}

const char* Array::type_name() const {
  switch (values.index()) {
    case 0:
      return "float32";
    case 1:
      return "float64";
    case 2:
      return "int32";
    default:
      return "int64";
  }
}

bool has_npy_suffix(const std::string& path) {
  return path.size() >= 4 && path.compare(path.size() - 4, 4, ".npy") == 0;
}

Array read(const std::string& path, const std::string& what) {
  const std::string where = what + ": " + path;
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) {
    throw UsageError(where + ": cannot open (" + std::strerror(errno) + ")");
  }
  if (!S_ISREG(info.st_mode)) throw UsageError(where + ": is not a regular file");
  std::ifstream file(path, std::ios::binary);
  if (!file) throw UsageError(where + ": cannot open for reading");
  return read(file, static_cast<std::uint64_t>(info.st_size), where);
}

Array read(std::istream& file, std::uint64_t file_size, const std::string& where) {
  std::array<unsigned char, 10> preamble{};
  file.read(reinterpret_cast<char*>(preamble.data()), 8);
  if (file.gcount() < 8 || std::memcmp(preamble.data(), kMagic, kMagicSize) != 0) {
    throw UsageError(where + ": not a .npy file (no \\x93NUMPY magic)");
  }
  const int major = preamble[6], minor = preamble[7];
  if (major < 1 || major > 3 || minor != 0) {
    throw UsageError(where + ": .npy format version " + std::to_string(major) + "." +
                     std::to_string(minor) + " is not supported (1.0, 2.0, 3.0 are)");
  }
  std::uint64_t header_len = 0, offset = 0;
  if (major == 1) {
    file.read(reinterpret_cast<char*>(preamble.data() + 8), 2);
    if (file.gcount() < 2) throw UsageError(where + ": truncated in the header");
    header_len = preamble[8] | (std::uint64_t{preamble[9]} << 8);
    offset = 10;
  } else {
    std::array<unsigned char, 4> len{};
    file.read(reinterpret_cast<char*>(len.data()), 4);
    if (file.gcount() < 4) throw UsageError(where + ": truncated in the header");
    for (int i = 3; i >= 0; --i) header_len = (header_len << 8) | len[static_cast<std::size_t>(i)];
    offset = 12;
  }
  if (offset + header_len > file_size) throw UsageError(where + ": truncated in the header");
  std::string text(header_len, '\0');
  file.read(text.data(), static_cast<std::streamsize>(header_len));
  if (static_cast<std::uint64_t>(file.gcount()) != header_len) {
    throw UsageError(where + ": truncated in the header");
  }
  const Header header = HeaderParser(text, where).parse();
  if (header.shape.size() != 1) {
    throw UsageError(where + ": is " + std::to_string(header.shape.size()) + "-D (shape " +
                     shape_text(header.shape) + "); a 1-D array is needed");
  }
  Array array{header.descr, values_for(header.descr, where)};
  const std::uint64_t n = header.shape[0];
  const std::uint64_t data_bytes = file_size - offset - header_len;
  std::visit(
      [&](auto& values) {
        using T = typename std::decay_t<decltype(values)>::value_type;
        if (n > std::numeric_limits<std::uint64_t>::max() / sizeof(T) ||
            n * sizeof(T) > data_bytes) {
          throw UsageError(where + ": truncated: shape " + shape_text(header.shape) + " needs " +
                           std::to_string(n) + " x " + std::to_string(sizeof(T)) +
                           " bytes but the file holds " + std::to_string(data_bytes));
        }
        if (n * sizeof(T) != data_bytes) {
          throw UsageError(where + ": holds " + std::to_string(data_bytes) +
                           " bytes of data but its shape " + shape_text(header.shape) + " needs " +
                           std::to_string(n * sizeof(T)));
        }
        values.resize(n);
        file.read(reinterpret_cast<char*>(values.data()),
                  static_cast<std::streamsize>(n * sizeof(T)));
        if (static_cast<std::uint64_t>(file.gcount()) != n * sizeof(T)) {
          throw UsageError(where + ": error while reading the data");
        }
      },
      array.values);
  return array;
}

void FirstResult::set_path(const std::string& path, const std::string& what) {
  if (path.empty()) return;
  check_writable(path, what);
  if (!has_npy_suffix(path)) {
    throw UsageError(what + ": " + path + ": the name must end in .npy (NumPy's format)");
  }
  path_ = path;
}

namespace {

template <class T>
const char* descr_of() {
  if constexpr (std::is_same_v<T, float>) return "<f4";
  if constexpr (std::is_same_v<T, double>) return "<f8";
  if constexpr (std::is_same_v<T, std::int32_t>) return "<i4";
  if constexpr (std::is_same_v<T, std::int64_t>) return "<i8";
  if constexpr (std::is_same_v<T, std::uint32_t>) return "<u4";
  if constexpr (std::is_same_v<T, std::uint64_t>) return "<u8";
}

}  // namespace

template <class T>
void write(const std::string& path, const T* data, const std::vector<std::uint64_t>& shape) {
  if (shape.empty() || shape.size() > 2) {
    throw std::runtime_error("npy::write: only 1-D and 2-D arrays are written");
  }
  std::uint64_t count = 1;
  for (const auto d : shape) count *= d;
  std::string dict = std::string("{'descr': '") + descr_of<T>() +
                     "', 'fortran_order': False, 'shape': " + shape_text(shape) + ", }";
  // Pad with spaces to a multiple of 64 bytes, ending in '\n' (NumPy's layout).
  const bool v2 = dict.size() + 11 > 65535;
  const std::size_t preamble = v2 ? 12 : 10;
  dict.append((64 - (preamble + dict.size() + 1) % 64) % 64, ' ');
  dict += '\n';
  std::string head(kMagic, kMagicSize);
  head += static_cast<char>(v2 ? 2 : 1);
  head += '\0';
  for (std::size_t i = 0; i < (v2 ? 4u : 2u); ++i) {
    head += static_cast<char>((dict.size() >> (8 * i)) & 0xff);
  }
  head += dict;

  write_atomically(path, [&](const Sink& sink) {
    sink(head.data(), head.size());
    sink(reinterpret_cast<const char*>(data), count * sizeof(T));
  });
}

template void write<float>(const std::string&, const float*, const std::vector<std::uint64_t>&);
template void write<double>(const std::string&, const double*, const std::vector<std::uint64_t>&);
template void write<std::int32_t>(const std::string&, const std::int32_t*,
                                  const std::vector<std::uint64_t>&);
template void write<std::int64_t>(const std::string&, const std::int64_t*,
                                  const std::vector<std::uint64_t>&);
template void write<std::uint32_t>(const std::string&, const std::uint32_t*,
                                   const std::vector<std::uint64_t>&);
template void write<std::uint64_t>(const std::string&, const std::uint64_t*,
                                   const std::vector<std::uint64_t>&);

}  // namespace bench::npy
