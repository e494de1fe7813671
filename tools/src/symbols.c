/* SPDX-License-Identifier: Apache-2.0 */
#include "symbols.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

#define REPORT_IN_FULL 3 /* wrong-ELF messages before they are only counted */

/* The C++ runtime's demangler (libstdc++'s abi::__cxa_demangle, a function
 * with C linkage in the Itanium C++ ABI): a malloc'ed name, or NULL. */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

/* A C++ name as its source spells it (_ZN2ns3fooEi: ns::foo(int)), as GNU
 * gprof and perf show it; other names stay. */
static void demangle(struct sym *s)
{
	s->sym = s->name;
	if (strncmp(s->name, "_Z", 2) != 0)
		return;
	int status = -1;
	char *d = __cxa_demangle(s->name, NULL, NULL, &status);
	if (d && status == 0)
		s->name = d;
	else
		free(d);
}

/* A symbol as read, numbered so that sorting keeps the first of an address. */
struct read_sym {
	struct sym s;
	size_t seq;
	int global;
};

static int by_address(const void *a, const void *b)
{
	const struct read_sym *x = a, *y = b;
	if (x->s.addr != y->s.addr)
		return x->s.addr < y->s.addr ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The STT_FUNC symbols of every symbol table, globals first. An absolute
 * one names no code (picolibc's vfscanf = 0 picks its integer-only scanf). */
static struct read_sym *read_functions(Elf *e, size_t *n)
{
	struct read_sym *v = NULL;
	size_t cap = 0;
	*n = 0;
	for (int globals = 1; globals >= 0; globals--)
		for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
			GElf_Shdr sh;
			Elf_Data *d;
			if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize ||
			    !(d = elf_getdata(scn, NULL)))
				continue;
			for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
				GElf_Sym s;
				const char *name;
				if (!gelf_getsym(d, (int)i, &s) ||
				    GELF_ST_TYPE(s.st_info) != STT_FUNC ||
				    s.st_shndx == SHN_UNDEF || s.st_shndx == SHN_ABS ||
				    (GELF_ST_BIND(s.st_info) == STB_GLOBAL) != globals ||
				    !(name = elf_strptr(e, sh.sh_link, s.st_name)) || !*name)
					continue;
				grow(&v, &cap, *n + 1, sizeof *v);
				v[*n] = (struct read_sym){ .seq = *n,
					                   .global = globals,
					                   .s = { .addr = (uint32_t)s.st_value,
					                          .end = (uint32_t)(s.st_value +
					                                            s.st_size),
					                          .name = xstrdup(name) } };
				(*n)++;
			}
		}
	return v;
}

/* Of aliases at one address, the name GNU gprof prefers, so that every
 * report names a function as gprof.txt does: a global one before a local,
 * then one with fewer leading underscores (vfprintf, not picolibc's
 * __i_vfprintf); else the first in the symbol table. Lower is better. */
static int name_rank(const struct read_sym *r)
{
	const char *p = r->s.name;
	return (r->global ? 0 : 4) + (p[0] == '_') + (p[0] == '_' && p[1] == '_');
}

/* One symbol per address, and an extent for the sizeless ones (assembly
 * labels). */
static void keep_functions(struct symtab *st, struct read_sym *v, size_t n)
{
	qsort(v, n, sizeof *v, by_address);
	st->v = xcalloc(n, sizeof *st->v);
	int kept_rank = 0;
	for (size_t i = 0; i < n; i++) {
		struct sym *kept = st->n ? &st->v[st->n - 1] : NULL;
		if (kept && kept->addr == v[i].s.addr) {
			/* The name only: the extent stays the first symbol's. */
			if (name_rank(&v[i]) < kept_rank) {
				free(kept->name);
				kept->name = v[i].s.name;
				kept_rank = name_rank(&v[i]);
			} else
				free(v[i].s.name);
			continue;
		}
		st->v[st->n++] = v[i].s;
		kept_rank = name_rank(&v[i]);
	}
	for (size_t i = 0; i < st->n; i++) {
		struct sym *s = &st->v[i];
		const uint32_t next = i + 1 < st->n ? st->v[i + 1].addr : UINT32_MAX;
		/* A function ends where the next begins at the latest: lookups and
		 * gprof's histogram records then never overlap. */
		if (s->end <= s->addr)
			s->end = i + 1 < st->n ? next : s->addr + 4;
		if (s->end > next)
			s->end = next;
		demangle(s);
	}
}

/* The GNU build id from the ELF's NT_GNU_BUILD_ID note, if it has one. */
static void read_build_id(struct symtab *st, Elf *e)
{
	size_t shstrndx;
	if (elf_getshdrstrndx(e, &shstrndx))
		return;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		GElf_Nhdr nh;
		size_t name_at, desc_at;
		for (size_t at = 0; d && (at = gelf_getnote(d, at, &nh, &name_at, &desc_at)) > 0;)
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 && !memcmp((char *)d->d_buf + name_at, "GNU", 4) &&
			    nh.n_descsz <= sizeof st->build_id) {
				memcpy(st->build_id, (char *)d->d_buf + desc_at, nh.n_descsz);
				st->build_id_len = nh.n_descsz;
				return;
			}
	}
}

const char *elf_damage(Elf *e, uint64_t size)
{
	GElf_Ehdr eh;
	size_t shnum;
	if (!gelf_getehdr(e, &eh) || elf_getshdrnum(e, &shnum))
		return "cut short or damaged: its ELF header is unreadable";
	/* A table cut short has no sections for libelf: the header's count
	 * (section 0's, which libelf read, if e_shnum is 0) says how many. */
	const uint64_t want = eh.e_shnum ? eh.e_shnum : shnum;
	const uint64_t entry = gelf_fsize(e, ELF_T_SHDR, 1, EV_CURRENT);
	if (eh.e_shoff &&
	    (shnum != want || !want || eh.e_shoff > size || want * entry > size - eh.e_shoff))
		return "cut short or damaged: its section headers lie past its end";
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			return "cut short or damaged: a section header is unreadable";
		if (sh.sh_type != SHT_NOBITS &&
		    (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset))
			return "cut short or damaged: a section's contents lie past its end";
	}
	return NULL;
}

struct symtab *symtab_load(const char *path)
{
	if (elf_version(EV_CURRENT) == EV_NONE) {
		error_at(path, 0, "libelf: %s", elf_errmsg(-1));
		return NULL;
	}
	const int fd = open(path, O_RDONLY);
	struct stat sb = { 0 };
	if (fd < 0) {
		error_at(path, 0, "cannot open the ELF: %s", strerror(errno));
		return NULL;
	}
	if (!fstat(fd, &sb) &&
	    S_ISDIR(sb.st_mode)) { /* libelf would say "invalid file descriptor" */
		error_at(path, 0, "is a directory");
		close(fd);
		return NULL;
	}
	/* What is not a regular file (a pipe) has no size to check against. */
	const uint64_t file_size = S_ISREG(sb.st_mode) ? (uint64_t)sb.st_size : UINT64_MAX;
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	GElf_Ehdr eh = { 0 };
	struct symtab *st = NULL;
	const char *damage;
	if (!e || elf_kind(e) != ELF_K_ELF) {
		error_at(path, 0, "not an ELF file%s%s", e ? "" : ": ", e ? "" : elf_errmsg(-1));
	} else if (gelf_getclass(e) != ELFCLASS32) {
		/* Frames carry 32-bit addresses: a 64-bit ELF is some other program. */
		error_at(path, 0, "a 64-bit ELF; the firmware of a perfscope run is 32-bit");
	} else if (!gelf_getehdr(e, &eh) || eh.e_machine != EM_RISCV_) {
		error_at(
		        path, 0,
		        "an ELF of machine %u, not RISC-V's (%u): not the firmware of a perfscope run",
		        (unsigned)eh.e_machine, EM_RISCV_);
	} else if ((damage = elf_damage(e, file_size))) {
		error_at(path, 0, "%s", damage);
	} else {
		size_t n;
		struct read_sym *v = read_functions(e, &n);
		if (!n) {
			error_at(path, 0, "no function symbols (a stripped ELF?)");
		} else {
			st = xcalloc(1, sizeof *st);
			st->path = path;
			keep_functions(st, v, n);
			callsites_scan(&st->calls, e);
			read_build_id(st, e);
		}
		free(v);
	}
	if (e)
		elf_end(e);
	close(fd);
	return st;
}

void symtab_free(struct symtab *st)
{
	if (!st)
		return;
	for (size_t i = 0; i < st->n; i++) {
		if (st->v[i].name != st->v[i].sym)
			free(st->v[i].name);
		free(st->v[i].sym);
	}
	free(st->v);
	callsites_free(&st->calls);
	map_free(&st->reported);
	free(st);
}

const struct sym *symtab_find(const struct symtab *st, uint32_t addr)
{
	if (!st)
		return NULL;
	size_t lo = 0, hi = st->n; /* the last symbol at or below addr */
	while (lo < hi) {
		const size_t mid = lo + (hi - lo) / 2;
		if (st->v[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || addr >= st->v[lo - 1].end)
		return NULL;
	return &st->v[lo - 1];
}

const struct sym *symtab_named_after(const struct symtab *st, const char *name,
                                     const struct sym *after)
{
	for (size_t i = after ? (size_t)(after - st->v) + 1 : 0; st && i < st->n; i++)
		if (!strcmp(st->v[i].name, name) || !strcmp(st->v[i].sym, name))
			return &st->v[i];
	return NULL;
}

const struct sym *symtab_named(const struct symtab *st, const char *name)
{
	return symtab_named_after(st, name, NULL);
}

const char *symtab_fn_name(const struct symtab *st, uint32_t fn, char hex[12])
{
	const struct sym *s = symtab_find(st, fn);
	if (s && s->addr == fn)
		return s->name;
	snprintf(hex, 12, "0x%08x", fn);
	return hex;
}

void symtab_where(const struct symtab *st, uint32_t addr, char *buf, size_t size)
{
	const struct sym *s = symtab_find(st, addr);
	if (!s)
		snprintf(buf, size, "0x%08x", addr);
	else if (s->addr == addr)
		snprintf(buf, size, "%s", s->name);
	else
		snprintf(buf, size, "%s+0x%x", s->name, addr - s->addr);
}

void symtab_check_function(struct symtab *st, uint32_t fn, const char *file, long line)
{
	const struct sym *s = symtab_find(st, fn);
	if (!st || (s && s->addr == fn) || map_get(&st->reported, fn) != MAP_NONE)
		return;
	map_put(&st->reported, fn, 0);
	if (++st->mismatches <= REPORT_IN_FULL)
		error_at(file, line, "no function starts at 0x%08x in %s: is it the ELF of this run?", fn,
		         st->path);
	else
		error_count();
}

void symtab_summary(const struct symtab *st)
{
	if (st && st->mismatches > REPORT_IN_FULL)
		error_at(st->path, 0,
		         st->mismatches - REPORT_IN_FULL == 1
		                 ? "%u more address of the dump is not a function of this ELF"
		                 : "%u more addresses of the dump are not functions of this ELF",
		         st->mismatches - REPORT_IN_FULL);
}

uint32_t symtab_call_site(const struct symtab *st, uint32_t caller, uint32_t callee)
{
	const struct sym *s = symtab_find(st, caller);
	size_t n;
	const struct callsite *c = st ? callsites_to(&st->calls, callee, &n) : NULL;
	for (size_t i = 0; s && c && i < n; i++)
		if (c[i].site >= s->addr && c[i].site < s->end)
			return c[i].site;
	return caller;
}

int symtab_sole_call_site(const struct symtab *st, uint32_t callee, uint32_t *site)
{
	size_t n;
	const struct callsite *c = st ? callsites_to(&st->calls, callee, &n) : NULL;
	if (!c || !n)
		return 0;
	const struct sym *first = symtab_find(st, c[0].site);
	for (size_t i = 1; i < n; i++)
		if (symtab_find(st, c[i].site) != first)
			return 0;
	if (!first)
		return 0;
	*site = c[0].site;
	return 1;
}
