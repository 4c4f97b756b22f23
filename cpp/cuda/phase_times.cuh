// Profiling aid (built only with -DTOKENPICK_PHASE_TIMES, by the bench's phase build): thread 0
// of the first block of the first row records the SM clock at the kernels' phase boundaries,
// so a one-shape run can say where a call's time goes inside a block. Compiled out otherwise.
#pragma once

#include <cstdint>

namespace tokenpick {

/// Phase marks kept per kernel.
constexpr int kPhaseMarks = 8;

#if defined(TOKENPICK_PHASE_TIMES)
/// Clock64 at each mark of the last launch that reached it (one array per kernel file).
static __device__ long long phase_marks[kPhaseMarks];
#define TP_PHASE(mark)                                                           \
  do {                                                                           \
    if (threadIdx.x == 0 && blockIdx.x == 0 && blockIdx.y == 0) {                \
      ::tokenpick::phase_marks[(mark)] = clock64();                              \
    }                                                                            \
  } while (0)
#else
#define TP_PHASE(mark) \
  do {                 \
  } while (0)
#endif

}  // namespace tokenpick
