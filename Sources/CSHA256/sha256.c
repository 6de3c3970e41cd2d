// SHA-256 (FIPS 180-4) for the cache keys of SHA256.swift: the buffering, padding and hex digest,
// the portable rounds, and the compression on the CPU's SHA extensions (Intel SHA-NI) where it has
// them. In C and optimised in every build (Package.swift): the test suite hashes thousands of keys,
// and the Swift version ran unoptimised there, a tenth of a slip test's time.
// SHA-NI: four rounds per step; sha256msg1/sha256msg2 extend the message schedule, sha256rnds2 runs
// two rounds on the state held as ABEF and CDGH (the layout the instructions want).

#include "CSHA256.h"

#include <string.h>

static const uint32_t k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

int csha256_hardware(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}


__attribute__((target("sha,sse4.1,ssse3")))
void csha256_compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // Big-endian words: each 32-bit lane's bytes reversed.
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);
    state1 = _mm_shuffle_epi32(state1, 0x1B);
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef = state0, cdgh = state1;
        __m128i w[4];
        for (int step = 0; step < 16; step++) {
            __m128i words;
            if (step < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * step)), swap);
            } else {
                // W[t] = W[t-16] + s0(W[t-15]) + W[t-7] + s1(W[t-2]), four at a time.
                __m128i sum = _mm_sha256msg1_epu32(w[step & 3], w[(step + 1) & 3]);
                sum = _mm_add_epi32(sum, _mm_alignr_epi8(w[(step + 3) & 3], w[(step + 2) & 3], 4));
                words = _mm_sha256msg2_epu32(sum, w[(step + 3) & 3]);
            }
            w[step & 3] = words;
            __m128i message = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&k[4 * step]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, message);
            message = _mm_shuffle_epi32(message, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, message);
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
    }
    tmp = _mm_shuffle_epi32(state0, 0x1B);
    state1 = _mm_shuffle_epi32(state1, 0xB1);
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);
    state1 = _mm_alignr_epi8(state1, tmp, 8);
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}

#else

int csha256_hardware(void) { return 0; }

void csha256_compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
    __builtin_trap();
}

#endif

static inline uint32_t rotate(uint32_t value, unsigned count) { return (value >> count) | (value << (32 - count)); }

#define S0(x) (rotate(x, 2) ^ rotate(x, 13) ^ rotate(x, 22))
#define S1(x) (rotate(x, 6) ^ rotate(x, 11) ^ rotate(x, 25))
/// One round, FIPS 180-4 section 6.2.2 step 3, with the next round's names: `d` takes `d + T1`
/// (the next `e`) and `h` takes `T1 + T2` (the next `a`); the others only move, so the caller
/// renames them instead of moving all eight (the moves were a quarter of a block's instructions).
#define ROUND(a, b, c, d, e, f, g, h, i)                                   \
    do {                                                                    \
        uint32_t t1 = h + S1(e) + ((e & f) ^ (~e & g)) + k[i] + w[i];       \
        d += t1;                                                            \
        h = t1 + S0(a) + ((a & b) ^ (a & c) ^ (b & c));                     \
    } while (0)

/// The portable rounds, one block at a time: where the CPU has no SHA extensions, and under
/// valgrind, which does not emulate them (the instruction gate counts these).
static void portable(uint32_t state[8], const uint8_t *data, size_t blocks) {
    for (; blocks > 0; blocks--, data += 64) {
        uint32_t w[64];
        for (int i = 0; i < 16; i++) {
            w[i] = (uint32_t)data[4 * i] << 24 | (uint32_t)data[4 * i + 1] << 16 | (uint32_t)data[4 * i + 2] << 8 |
                   (uint32_t)data[4 * i + 3];
        }
        for (int i = 16; i < 64; i++) {
            uint32_t s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int i = 0; i < 64; i += 8) {
            ROUND(a, b, c, d, e, f, g, h, i);
            ROUND(h, a, b, c, d, e, f, g, i + 1);
            ROUND(g, h, a, b, c, d, e, f, i + 2);
            ROUND(f, g, h, a, b, c, d, e, i + 3);
            ROUND(e, f, g, h, a, b, c, d, i + 4);
            ROUND(d, e, f, g, h, a, b, c, i + 5);
            ROUND(c, d, e, f, g, h, a, b, i + 6);
            ROUND(b, c, d, e, f, g, h, a, i + 7);
        }
        state[0] += a, state[1] += b, state[2] += c, state[3] += d;
        state[4] += e, state[5] += f, state[6] += g, state[7] += h;
    }
}

static void compress(csha256_context *context, const uint8_t *data, size_t blocks) {
    if (context->hardware) {
        csha256_compress(context->state, data, blocks);
    } else {
        portable(context->state, data, blocks);
    }
}

void csha256_init(csha256_context *context, int hardware) {
    static const uint32_t initial[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memset(context, 0, sizeof *context);
    memcpy(context->state, initial, sizeof initial);
    context->hardware = hardware != 0;
}

void csha256_update(csha256_context *context, const void *data, size_t count) {
    const uint8_t *bytes = data;
    if (count == 0) return;
    context->length += count;
    if (context->buffered > 0) {
        size_t take = 64 - context->buffered < count ? 64 - context->buffered : count;
        memcpy(context->buffer + context->buffered, bytes, take);
        context->buffered += (uint32_t)take;
        bytes += take;
        count -= take;
        if (context->buffered < 64) return;
        compress(context, context->buffer, 1);
        context->buffered = 0;
    }
    if (count >= 64) {
        compress(context, bytes, count / 64);
        bytes += count / 64 * 64;
        count %= 64;
    }
    if (count > 0) {
        memcpy(context->buffer, bytes, count);
        context->buffered = (uint32_t)count;
    }
}

void csha256_final_hex(csha256_context *context, char out[64]) {
    uint64_t bits = context->length * 8;
    uint8_t tail[72] = {0x80};
    size_t padding = (56 - (context->buffered + 1) % 64 + 64) % 64;
    for (int i = 0; i < 8; i++) tail[1 + padding + i] = (uint8_t)(bits >> (56 - 8 * i));
    csha256_update(context, tail, 1 + padding + 8);
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 8; j++) out[8 * i + j] = digits[(context->state[i] >> (28 - 4 * j)) & 0xF];
    }
}
