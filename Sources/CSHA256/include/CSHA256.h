#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU has the SHA extensions (x86-64 SHA-NI, with SSSE3 and SSE4.1), else 0.
int csha256_hardware(void);

/// SHA-256's compression function on `blocks` 64-byte blocks at `data`, with the SHA extensions:
/// `state` is the eight working words, updated in place. Call only when `csha256_hardware()` is 1.
void csha256_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

/// A hash in progress: the working words, the bytes of an incomplete block (the first `buffered`
/// of `buffer`), the message length so far, and which compression it uses.
typedef struct {
    uint32_t state[8];
    uint8_t buffer[64];
    uint64_t length;
    uint32_t buffered;
    uint32_t hardware;
} csha256_context;

/// A fresh hash; `hardware` 1 compresses on the SHA extensions, and only a caller that found
/// `csha256_hardware()` 1 may pass it (asked once: in a virtual machine CPUID traps to the host).
void csha256_init(csha256_context *context, int hardware);

/// Feeds `count` bytes at `data`: whole blocks are compressed straight from them, only a tail is kept.
void csha256_update(csha256_context *context, const void *data, size_t count);

/// Pads the message and writes its digest as 64 lowercase hex digits (no terminating NUL).
void csha256_final_hex(csha256_context *context, char out[64]);

#endif
