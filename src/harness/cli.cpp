#include "harness/cli.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>
#include <sstream>

namespace bench {
namespace {

// Reads the digits of an unsigned decimal integer into `value`; returns why
// they are not one ("" when they are).
std::string read_digits(const std::string& digits, std::uint64_t& value) {
  if (digits.empty() ||
      !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); })) {
    return "is not a non-negative integer";
  }
  value = 0;
  for (char c : digits) {
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) return "is too large";
    value = value * 10 + digit;
  }
  return "";
}

// Reads a size into `value`; returns why `text` is not one ("" when it is).
std::string read_size(const std::string& text, std::uint64_t& value) {
  if (text.empty()) return "is empty";
  if (text[0] == '-') return "is negative";
  if (const auto caret = text.find('^'); caret != std::string::npos) {
    std::uint64_t base = 0, k = 0;
    if (auto why = read_digits(text.substr(0, caret), base); !why.empty()) return why;
    if (base != 2) return "must be a power of two written 2^k";
    if (auto why = read_digits(text.substr(caret + 1), k); !why.empty()) return why;
    if (k >= 64) return "is too large";
    value = std::uint64_t{1} << k;
    return "";
  }
  if (text.find_first_of("eE.") != std::string::npos) {
    // Decimal only: strtod would also skip leading blanks (" -5e6") and read
    // hex floats, "inf" and "nan".
    if (text.find_first_not_of("0123456789.eE+-") != std::string::npos ||
        !(std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '.')) {
      return "is not a number";
    }
    char* end = nullptr;
    const double real = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(real)) return "is not a number";
    if (real != std::floor(real)) return "is not an integer";
    if (real >= 18446744073709551615.0) return "is too large";
    value = static_cast<std::uint64_t>(real);
    return "";
  }
  const char last = text.back();
  const unsigned shift = last == 'k' || last == 'K' ? 10 : last == 'M' ? 20 : last == 'G' ? 30 : 0;
  if (auto why = read_digits(shift ? text.substr(0, text.size() - 1) : text, value); !why.empty()) {
    return why;
  }
  if (shift && (value >> (64 - shift)) != 0) return "is too large";
  value <<= shift;
  return "";
}

[[noreturn]] void bad_value(const std::string& option, const std::string& text,
                            const std::string& why) {
  throw UsageError(option + ": '" + text + "' " + why);
}

}  // namespace

std::string printable(const std::string& text) {
  std::string out;
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = byte(i);
    // The length of a well-formed UTF-8 sequence starting here (0: none).
    std::size_t length = c < 0x80           ? 1
                         : (c >> 5) == 0x6  ? 2
                         : (c >> 4) == 0xe  ? 3
                         : (c >> 3) == 0x1e ? 4
                                            : 0;
    if (length > 1 && (i + length > text.size() || c == 0xc0 || c == 0xc1 || c > 0xf4)) length = 0;
    for (std::size_t k = 1; k < length; ++k) {
      if ((byte(i + k) & 0xc0) != 0x80) length = 0;
    }
    if (length == 1 && (c < 0x20 || c == 0x7f)) length = 0;
    if (length == 0) {
      static const char digits[] = "0123456789abcdef";
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 0xf];
      ++i;
    } else {
      out.append(text, i, length);
      i += length;
    }
  }
  return out;
}

std::uint64_t parse_size(const std::string& text, const std::string& option) {
  std::uint64_t value = 0;
  if (const auto why = read_size(text, value); !why.empty()) bad_value(option, text, why);
  return value;
}

std::vector<std::string> parse_list(const std::string& text, const std::string& option) {
  std::vector<std::string> items;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) {
    if (item.empty()) bad_value(option, text, "has an empty item");
    items.push_back(item);
  }
  if (items.empty()) bad_value(option, text, "is empty");
  // getline drops one trailing empty item ("a,"): refused as "a,,b" is.
  if (text.back() == ',') bad_value(option, text, "has an empty item");
  return items;
}

double parse_real(const std::string& text, const std::string& option) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value)) {
    bad_value(option, text, "is not a finite number");
  }
  return value;
}

Size::Size() : CLI::Validator("SIZE") {
  func_ = [](std::string& text) {
    std::uint64_t value = 0;
    std::string why = read_size(text, value);
    if (why.empty()) {
      text = std::to_string(value);
    } else {
      why = "'" + text + "' " + why;  // CLI11 puts the option's name first
    }
    return why;
  };
}

Path::Path() : CLI::Validator("PATH") {
  func_ = [](const std::string& text) { return text.empty() ? "the path is empty" : ""; };
}

Cli::Cli(const std::string& program, const std::string& summary) : CLI::App(summary, program) {
  // As before CLI11: every option shows its default, and a repeated option's
  // last value wins.
  option_defaults()->always_capture_default()->multi_option_policy(
      CLI::MultiOptionPolicy::TakeLast);
  footer(
      "Sizes accept 1000, 2^20, 1e6 or 64M (binary suffixes k, M, G).\n"
      "Kokkos options (e.g. --kokkos-threads=N) are passed through to Kokkos.");
}

CLI::Option* Cli::add_list(const std::string& name, std::vector<std::string>& target,
                           const std::string& help) {
  return add_option_function<std::string>(
             name, [&target, name](const std::string& text) { target = parse_list(text, name); },
             help)
      ->default_str(target.empty() ? "all" : CLI::detail::join(target, ","));
}

void Cli::require_values(int argc, char** argv) const {
  const auto option_named = [&](const std::string& word) -> const CLI::Option* {
    if (word.rfind("--", 0) != 0 || word.size() < 3) return nullptr;
    return get_option_no_throw(word.substr(0, word.find('=')));
  };
  for (int i = 1; i + 1 < argc; ++i) {
    const std::string word = argv[i];
    const CLI::Option* option = option_named(word);
    if (option == nullptr || word.find('=') != std::string::npos ||
        option->get_items_expected_min() == 0) {
      continue;
    }
    const std::string next = argv[i + 1];
    if (next == "--help" || next == "-h" || option_named(next) != nullptr) {
      throw UsageError(word + " needs a value, but the next argument is the option '" + next + "'");
    }
  }
}

bool Cli::parse_command_line(int argc, char** argv) {
  try {
    // Before CLI11, which takes the next argument as the value whatever it is
    // ("--size --repeat 1" read as a size of "--repeat").
    require_values(argc, argv);
    parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << help();
    return false;
  } catch (const CLI::ParseError& error) {
    throw UsageError(error.what());
  }
  return true;
}

}  // namespace bench
