/* SPDX-License-Identifier: Apache-2.0 */
#include "map.h"

#include <stdlib.h>

#include "util.h"

/* splitmix64's finalizer: keys such as (parent << 32 | address) are far
 * from random in their low bits. */
static size_t slot(uint64_t k, size_t cap)
{
	k ^= k >> 30;
	k *= 0xbf58476d1ce4e5b9u;
	k ^= k >> 27;
	k *= 0x94d049bb133111ebu;
	k ^= k >> 31;
	return (size_t)k & (cap - 1);
}

void map_free(struct map *m)
{
	free(m->key);
	free(m->val);
	*m = (struct map){ 0 };
}

uint32_t map_get(const struct map *m, uint64_t key)
{
	if (!m->cap)
		return MAP_NONE;
	for (size_t i = slot(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (!m->val[i])
			return MAP_NONE;
		if (m->key[i] == key)
			return m->val[i] - 1;
	}
}

static void insert(struct map *m, uint64_t key, uint32_t stored)
{
	size_t i = slot(key, m->cap);
	while (m->val[i] && m->key[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (!m->val[i])
		m->n++;
	m->key[i] = key;
	m->val[i] = stored;
}

void map_put(struct map *m, uint64_t key, uint32_t val)
{
	if (2 * (m->n + 1) > m->cap) {
		struct map old = *m;
		m->cap = old.cap ? 2 * old.cap : 64;
		m->n = 0;
		m->key = xcalloc(m->cap, sizeof *m->key);
		m->val = xcalloc(m->cap, sizeof *m->val);
		for (size_t i = 0; i < old.cap; i++)
			if (old.val[i])
				insert(m, old.key[i], old.val[i]);
		map_free(&old);
	}
	insert(m, key, val + 1);
}
