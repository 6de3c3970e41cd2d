#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256's 64 round constants (FIPS 180-4 §4.2.2): the one table, read by both compressions.
const uint32_t *csha256_round_constants(void);

/// 1 when this CPU has the SHA extensions (x86-64 SHA-NI, with SSSE3 and SSE4.1), else 0.
int csha256_hardware(void);

/// SHA-256's compression function on `blocks` 64-byte blocks at `data`, with the SHA extensions:
/// `state` is the eight working words, updated in place. Call only when `csha256_hardware()` is 1.
void csha256_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
