/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The firmware ELF's functions (.symtab, STT_FUNC), read with elfutils'
 * libelf, to turn the addresses of a dump into names. Every lookup takes a
 * NULL table too (no --elf): names are then addresses.
 */
#ifndef SYMBOLS_H
#define SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

#include "callsites.h"
#include "map.h"

struct sym {
	uint32_t addr, end; /* [addr, end) */
	char *name;         /* as reports show it: a C++ name demangled */
	char *sym;          /* as the ELF spells it: name itself unless demangled */
};

struct symtab {
	const char *path;
	struct sym *v;      /* by address, one per address */
	size_t n;
	struct callsites calls;
	struct map reported;     /* addresses found not to be functions */
	unsigned mismatches;     /* of those, how many */
	uint8_t build_id[64];    /* its GNU build id (.note.gnu.build-id) */
	uint32_t build_id_len;   /* 0: none */
};

/* Why an ELF of size bytes is cut short or damaged: its section headers, or
 * a section's contents, lie past its end; NULL if neither. libelf reads such
 * a file and finds no symbols in it, which would read as a stripped ELF. */
struct Elf;
const char *elf_damage(struct Elf *e, uint64_t size);

/* Loads path's functions; NULL after saying what is wrong with the file. */
struct symtab *symtab_load(const char *path);
void symtab_free(struct symtab *st);

/* The function containing addr, or NULL. */
const struct sym *symtab_find(const struct symtab *st, uint32_t addr);

/* The function named name, as reports show it or as the ELF spells it, or
 * NULL. */
const struct sym *symtab_named(const struct symtab *st, const char *name);
/* The next function after one of them named name, or NULL: two static
 * functions of two files may share a name. */
const struct sym *symtab_named_after(const struct symtab *st, const char *name,
                                     const struct sym *after);

/* The name of the function that starts at fn, or "0x%08x" written to hex. */
const char *symtab_fn_name(const struct symtab *st, uint32_t fn, char hex[12]);

/* addr as "name", "name+0x1c", or "0x%08x" outside every function. */
void symtab_where(const struct symtab *st, uint32_t addr, char *buf, size_t size);

/* A dump names fn as a function entry: if no function starts there, the ELF
 * is not the run's. Reported as an error at file:line once per address, the
 * first few in full; symtab_summary counts the rest. */
void symtab_check_function(struct symtab *st, uint32_t fn, const char *file, long line);
void symtab_summary(const struct symtab *st);

/* The call site for an arc from the function at caller to callee: a direct
 * call inside caller if there is one, else caller itself. */
uint32_t symtab_call_site(const struct symtab *st, uint32_t caller, uint32_t callee);

/* A call to callee whose caller the dump does not give: if every direct call
 * to callee is in one function, sets *site to the first and returns 1. */
int symtab_sole_call_site(const struct symtab *st, uint32_t callee, uint32_t *site);

#endif
