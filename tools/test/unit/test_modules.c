/* SPDX-License-Identifier: Apache-2.0 */
/* The small stable modules, through their own API: map.c, json.c, util.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "json.h"
#include "map.h"
#include "util.h"

static void map(void)
{
	struct map m = { 0 };
	check_u64("map: an empty map has nothing", map_get(&m, 0), MAP_NONE);
	/* Keys as the call graph makes them, parent << 32 | address: far from
	 * random in their low bits. 10000 of them make the table grow 9 times. */
	for (uint32_t i = 0; i < 10000; i++)
		map_put(&m, (uint64_t)(i % 97) << 32 | (i * 4u), i);
	uint32_t wrong = 0;
	for (uint32_t i = 0; i < 10000; i++)
		wrong += map_get(&m, (uint64_t)(i % 97) << 32 | (i * 4u)) != i;
	check_u64("map: 10000 keys, each found with its value", wrong, 0);
	check_u64("map: 10000 entries", m.n, 10000);
	check_u64("map: 32768 slots, at most half full", m.cap, 32768);
	check_u64("map: a key not there", map_get(&m, (uint64_t)1 << 32), MAP_NONE);
	map_put(&m, 388, 77); /* i = 97's key, 0 << 32 | 388 */
	check_u64("map: a value replaced", map_get(&m, 388), 77);
	check_u64("map: replacing adds no entry", m.n, 10000);
	map_put(&m, UINT64_MAX, 0);
	check_u64("map: key 2^64 - 1, value 0", map_get(&m, UINT64_MAX), 0);
	map_free(&m);
	check_u64("map: freed is empty", map_get(&m, 388), MAP_NONE);
}

static void json(void)
{
	const char *name = "a\"b\\c\n\x01 d";
	const char *want = "\"a\\\"b\\\\c\\u000a\\u0001 d\"";
	char *q = json_quoted(name);
	check_str("json: json_quoted escapes quotes, backslashes, control characters", q, want);
	free(q);
	char buf[64] = { 0 };
	FILE *f = fmemopen(buf, sizeof buf, "w");
	json_string(f, name);
	fclose(f);
	check_str("json: json_string writes the same", buf, want);
	q = json_quoted("");
	check_str("json: the empty string", q, "\"\"");
	free(q);
}

static void util(void)
{
	char *s = xstrdup("perfscope");
	check_str("util: xstrdup", s, "perfscope");
	free(s);
	int *a = NULL;
	size_t cap = 0;
	for (size_t i = 0; i < 1000; i++) {
		grow(&a, &cap, i + 1, sizeof *a);
		a[i] = (int)i;
	}
	long sum = 0;
	for (size_t i = 0; i < 1000; i++)
		sum += a[i];
	check_u64("util: grow keeps what the array held", (uint64_t)sum, 999 * 1000 / 2);
	check_int("util: grow doubles (room for 1000, less than 2000)", cap >= 1000 && cap < 2000,
	          1);
	free(a);
}

void test_modules(void)
{
	map();
	json();
	util();
}
