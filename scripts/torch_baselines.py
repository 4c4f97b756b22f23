"""PyTorch baselines for the GPU bench, timed the same way (device events, rotating buffers
larger than L2): Gumbel-style categorical sampling (softmax + exponential race) and a
sort-based top-k 50 + top-p 0.9 sampler, at the bench's shapes. Prints a table."""
import torch

ROTATION_BYTES = 1 << 30
CALLS = 100
WARMUP = 10


def exponential_race(logits):
    probs = torch.softmax(logits.float(), dim=-1)
    noise = torch.empty_like(probs).exponential_()
    return (probs / noise).argmax(dim=-1)


def sort_top_k_top_p(logits, k=50, p=0.9):
    probs = torch.softmax(logits.float(), dim=-1)
    sorted_probs, order = torch.sort(probs, dim=-1, descending=True)
    sorted_probs[:, k:] = 0.0
    sorted_probs = sorted_probs / sorted_probs.sum(dim=-1, keepdim=True)
    cumulative = sorted_probs.cumsum(dim=-1)
    sorted_probs[(cumulative - sorted_probs) > p] = 0.0
    choice = torch.multinomial(sorted_probs, 1)
    return order.gather(-1, choice).squeeze(-1)


def time_call(fn, buffers):
    for i in range(WARMUP):
        fn(buffers[i % len(buffers)])
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for i in range(CALLS):
        fn(buffers[i % len(buffers)])
    stop.record()
    torch.cuda.synchronize()
    return start.elapsed_time(stop) * 1e3 / CALLS


def main():
    rows = []
    for sigma in (1.0, 3.0, 6.0):
        for batch in (1, 16, 64, 256):
            for vocab in (32000, 128256, 151936, 262144):
                for dtype in (torch.float32, torch.bfloat16):
                    nbytes = batch * vocab * (4 if dtype == torch.float32 else 2)
                    count = max(2, ROTATION_BYTES // nbytes + 1)
                    buffers = [(torch.randn(batch, vocab, device="cuda") * sigma).to(dtype) for _ in range(count)]
                    race = time_call(exponential_race, buffers)
                    topkp = time_call(sort_top_k_top_p, buffers)
                    rows.append((sigma, batch, vocab, str(dtype).replace("torch.", ""), race, topkp))
                    del buffers
    print(f"\n{'sigma':<6} {'batch':<6} {'vocab':<7} {'dtype':<9} {'race_us':>10} {'sort_kp_us':>11}")
    for sigma, batch, vocab, dtype, race, topkp in rows:
        print(f"{sigma:<6.0f} {batch:<6} {vocab:<7} {dtype:<9} {race:>10.2f} {topkp:>11.2f}")


if __name__ == "__main__":
    main()
