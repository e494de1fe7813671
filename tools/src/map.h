/* SPDX-License-Identifier: Apache-2.0 */
/* A hash map from 64-bit keys to 32-bit values (indices into an array), by
 * open addressing: the per-event lookups of a 10-million-call dump need it
 * fast and small. */
#ifndef MAP_H
#define MAP_H

#include <stddef.h>
#include <stdint.h>

#define MAP_NONE UINT32_MAX

struct map {
	uint64_t *key;
	uint32_t *val; /* value + 1; 0 marks an empty slot */
	size_t cap, n; /* cap is a power of two, at least twice n */
};

/* A zeroed struct map is an empty map. */
void map_free(struct map *m);

/* The value stored for key, or MAP_NONE. */
uint32_t map_get(const struct map *m, uint64_t key);

/* Stores val (not MAP_NONE) for key. */
void map_put(struct map *m, uint64_t key, uint32_t val);

#endif
