// Host CPU time of a call, as the device benches measure launches: std::chrono around each
// call, the device waited for every `burst` calls so the launch queue never fills, median and
// 90th percentile (nearest rank) in microseconds.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace host_timing {

struct Spread {
  double median, p90;
};

/// Host time of `calls` calls call(i), wait() after every `burst` of them and at the end.
template <typename Call, typename Wait>
Spread time_calls(int calls, int burst, Call&& call, Wait&& wait) {
  std::vector<double> us(calls);
  for (int i = 0; i < calls; ++i) {
    const auto start = std::chrono::steady_clock::now();
    call(i);
    us[i] = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count();
    if (i % burst == burst - 1) wait();
  }
  wait();
  std::sort(us.begin(), us.end());
  return Spread{us[us.size() / 2], us[(us.size() - 1) * 9 / 10]};
}

}  // namespace host_timing
