#include "harness/cli.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>
#include <sstream>

namespace kp {
namespace {

std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : sep) + item;
  return out;
}

[[noreturn]] void bad_value(const std::string& option, const std::string& text,
                            const std::string& why) {
  throw UsageError(option + ": '" + text + "' " + why);
}

// Parses the digits of an unsigned decimal integer, rejecting overflow.
std::uint64_t parse_digits(const std::string& digits, const std::string& option,
                           const std::string& text) {
  if (digits.empty() ||
      !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); })) {
    bad_value(option, text, "is not a non-negative integer");
  }
  std::uint64_t value = 0;
  for (char c : digits) {
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) bad_value(option, text, "is too large");
    value = value * 10 + digit;
  }
  return value;
}

std::uint64_t checked_shift(std::uint64_t value, unsigned shift, const std::string& option,
                            const std::string& text) {
  if (shift == 0) return value;
  if (shift >= 64 || (value >> (64 - shift)) != 0) bad_value(option, text, "is too large");
  return value << shift;
}

}  // namespace

std::uint64_t parse_size(const std::string& text, const std::string& option) {
  if (text.empty()) bad_value(option, text, "is empty");
  if (text[0] == '-') bad_value(option, text, "is negative");
  if (const auto caret = text.find('^'); caret != std::string::npos) {
    if (parse_digits(text.substr(0, caret), option, text) != 2) {
      bad_value(option, text, "must be a power of two written 2^k");
    }
    const std::uint64_t k = parse_digits(text.substr(caret + 1), option, text);
    if (k >= 64) bad_value(option, text, "is too large");
    return std::uint64_t{1} << k;
  }
  if (text.find_first_of("eE.") != std::string::npos) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(value)) {
      bad_value(option, text, "is not a number");
    }
    if (value != std::floor(value)) bad_value(option, text, "is not an integer");
    if (value >= 18446744073709551615.0) bad_value(option, text, "is too large");
    return static_cast<std::uint64_t>(value);
  }
  const char last = text.back();
  const unsigned shift = last == 'k' || last == 'K' ? 10 : last == 'M' ? 20 : last == 'G' ? 30 : 0;
  const std::string digits = shift ? text.substr(0, text.size() - 1) : text;
  return checked_shift(parse_digits(digits, option, text), shift, option, text);
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

Cli::Cli(std::string program, std::string summary)
    : program_(std::move(program)), summary_(std::move(summary)) {}

void Cli::add(Option option) {
  options_.push_back(std::move(option));
}

void Cli::add_size(const std::string& name, std::uint64_t* target, const std::string& help,
                   std::uint64_t min, std::uint64_t max) {
  add({name, help, std::to_string(*target), true, [=](const std::string& text) {
         const std::uint64_t value = parse_size(text, name);
         if (value < min || value > max) {
           bad_value(name, text,
                     "is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
         }
         *target = value;
       }});
}

void Cli::add_int(const std::string& name, int* target, const std::string& help, int min, int max) {
  add({name, help, std::to_string(*target), true, [=](const std::string& text) {
         const std::uint64_t value = parse_size(text, name);
         if (value < static_cast<std::uint64_t>(min) || value > static_cast<std::uint64_t>(max)) {
           bad_value(name, text,
                     "is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
         }
         *target = static_cast<int>(value);
       }});
}

void Cli::add_real(const std::string& name, double* target, const std::string& help) {
  std::ostringstream text;
  text << *target;
  add({name, help, text.str(), true,
       [=](const std::string& value) { *target = parse_real(value, name); }});
}

void Cli::add_string(const std::string& name, std::string* target, const std::string& help,
                     std::vector<std::string> choices) {
  const std::string shown = choices.empty() ? help : help + " (" + join(choices, "|") + ")";
  add({name, shown, *target, true, [=](const std::string& text) {
         if (!choices.empty() && std::find(choices.begin(), choices.end(), text) == choices.end()) {
           bad_value(name, text, "is not one of " + join(choices, ", "));
         }
         *target = text;
       }});
}

void Cli::add_list(const std::string& name, std::vector<std::string>* target,
                   const std::string& help) {
  add({name, help, target->empty() ? "all" : join(*target, ","), true,
       [=](const std::string& text) { *target = parse_list(text, name); }});
}

void Cli::add_flag(const std::string& name, bool* target, const std::string& help) {
  add({name, help, "", false, [=](const std::string&) { *target = true; }});
}

bool Cli::parse(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << usage();
      return false;
    }
    std::string value;
    bool has_value = false;
    if (const auto eq = arg.find('='); eq != std::string::npos && arg.rfind("--", 0) == 0) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_value = true;
    }
    const auto option = std::find_if(options_.begin(), options_.end(),
                                     [&](const Option& o) { return o.name == arg; });
    if (option == options_.end()) {
      throw UsageError("unknown option '" + arg + "' (see --help)");
    }
    if (option->takes_value && !has_value) {
      if (i + 1 >= argc) throw UsageError(arg + " needs a value");
      value = argv[++i];
    } else if (!option->takes_value && has_value) {
      throw UsageError(arg + " takes no value");
    }
    option->set(value);
  }
  return true;
}

std::string Cli::usage() const {
  std::ostringstream out;
  out << "Usage: " << program_ << " [options]\n" << summary_ << "\n\nOptions:\n";
  for (const auto& option : options_) {
    std::string left = "  " + option.name + (option.takes_value ? " VALUE" : "");
    left.resize(std::max<std::size_t>(left.size() + 2, 26), ' ');
    out << left << option.help;
    if (option.takes_value && !option.default_text.empty()) {
      out << " [default: " << option.default_text << "]";
    }
    out << "\n";
  }
  out << "  --help, -h                show this help and exit\n"
      << "Sizes accept 1000, 2^20, 1e6 or 64M (binary suffixes k, M, G).\n"
      << "Kokkos options (e.g. --kokkos-threads=N) are passed through to Kokkos.\n";
  return out.str();
}

}  // namespace kp
