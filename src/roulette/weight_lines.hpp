#pragma once
// The text form of --weights-file: one weight per line. Apart from the rest
// of the roulette input so that it builds without Kokkos (the fuzz target).
#include <istream>
#include <string>
#include <vector>

namespace bench::roulette {

// The weights of `file` (`path` names it in messages): blank lines and lines
// starting with '#' are skipped; a line that is not a finite, non-negative
// number is a UsageError naming the file and line, its bytes made printable.
// -0 reads as 0. Sets `any_positive` when a weight is above zero.
std::vector<double> read_weight_lines(std::istream& file, const std::string& path,
                                      bool& any_positive);

}  // namespace bench::roulette
