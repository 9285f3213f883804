// Durations on the command line and in messages, the same in every command (--time-limit, notes).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace dlxapp {

// A --time-limit value: a non-negative decimal number of seconds ("10", "0.5"), optionally followed by a unit
// s, m, h or d as with timeout(1) ("90s", "1.5m", "2h"); at most 10^8 seconds. Nothing for anything else.
// Zero means no limit.
std::optional<std::chrono::nanoseconds> parse_duration(std::string_view text);

// "2.5 s", "90 s", "0.001 s": a duration for messages.
std::string format_duration(std::chrono::nanoseconds duration);

}  // namespace dlxapp
