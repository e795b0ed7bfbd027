#!/usr/bin/env python3
"""Independent reference for the carte-core seeded shuffle.

Implements ChaCha with 8 rounds (RFC 7539 block function, 64-bit counter and
64-bit zero nonce, as rand_chacha uses), the key layout of `deal_rng`, Lemire's
bounded sampling and the Fisher-Yates of `shuffle`, straight from the
documentation of `carte_core::shuffle`, with no Rust code involved. Its output
is the golden data of `shuffle.rs`'s tests.
"""
import struct

def rotl(v, c):
    return ((v << c) & 0xffffffff) | (v >> (32 - c))

def quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & 0xffffffff; s[d] = rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & 0xffffffff; s[b] = rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & 0xffffffff; s[d] = rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & 0xffffffff; s[b] = rotl(s[b] ^ s[c], 7)

def block(key_words, counter):
    init = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] + key_words + [
        counter & 0xffffffff, counter >> 32, 0, 0]
    s = list(init)
    for _ in range(4):  # 8 rounds = 4 double rounds
        quarter(s, 0, 4, 8, 12); quarter(s, 1, 5, 9, 13)
        quarter(s, 2, 6, 10, 14); quarter(s, 3, 7, 11, 15)
        quarter(s, 0, 5, 10, 15); quarter(s, 1, 6, 11, 12)
        quarter(s, 2, 7, 8, 13); quarter(s, 3, 4, 9, 14)
    return [(x + y) & 0xffffffff for x, y in zip(s, init)]

class DealRng:
    def __init__(self, seed):
        key = struct.pack('<Q', seed) + bytes(24)
        self.key = list(struct.unpack('<8I', key))
        self.counter = 0
        self.buf = []
    def next_u32(self):
        if not self.buf:
            self.buf = block(self.key, self.counter)
            self.counter += 1
        return self.buf.pop(0)

def below(rng, n):
    m = rng.next_u32() * n
    if (m & 0xffffffff) < n:
        t = (-n % (1 << 32)) % n
        while (m & 0xffffffff) < t:
            m = rng.next_u32() * n
    return m >> 32

def shuffle(items, rng):
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]

RANKS = 'A23456789TJQK'
def french(i): return RANKS[i % 13] + 'cdhs'[i // 13]
def italian(i): return 'A234567FCR'[i % 10] + 'cdsb'[i // 10]

if __name__ == '__main__':
    r = DealRng(0)
    print('stream0', [hex(r.next_u32()) for _ in range(4)])
    for seed in (0, 1, 0xDEADBEEF):
        d = list(range(52)); shuffle(d, DealRng(seed))
        print(seed, ' '.join(french(i) for i in d))
    d = list(range(40)); shuffle(d, DealRng(42))
    print('it42', ' '.join(italian(i) for i in d))
