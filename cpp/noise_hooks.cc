// The C++ noise exposed through the bridge, so Rust tests pin both implementations to the
// same bits.
#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/errors.h"
#include "tokenpick-core/cpp/random/gumbel_noise.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

namespace {
constexpr const char* kEntry = "noise";
}  // namespace

void noise_philox4x32_10(rust::Slice<const std::uint32_t> counter,
                         rust::Slice<const std::uint32_t> key, rust::Slice<std::uint32_t> out) {
  if (counter.size() != 4) throw_invalid_argument(kEntry, "counter", "needs 4 words");
  if (key.size() != 2) throw_invalid_argument(kEntry, "key", "needs 2 words");
  if (out.size() != 4) throw_invalid_argument(kEntry, "out", "needs 4 words");
  const Philox4 in = {{counter[0], counter[1], counter[2], counter[3]}};
  const Philox4 result = philox4x32_10(in, key[0], key[1]);
  for (int i = 0; i < 4; ++i) out[i] = result.v[i];
}

void noise_gumbel(std::uint64_t seed, std::uint64_t step, std::uint64_t first_token,
                  rust::Slice<float> out) {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = gumbel_noise(seed, step, first_token + i);
}

void noise_det_ln(rust::Slice<const float> inputs, rust::Slice<float> out) {
  if (inputs.size() != out.size()) {
    throw_invalid_argument(kEntry, "out", "must be as long as inputs");
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) out[i] = det_ln(inputs[i]);
}

}  // namespace tokenpick
