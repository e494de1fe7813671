/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope patch: makes each hardware trace hook one instruction
 * (docs/hooks.md, "One-store hooks"). The program is built with
 * -fpatchable-function-entry=4,2 -fno-optimize-sibling-calls: two nops
 * before each function's entry and two at it. In every function that
 * starts with two nops and has the two before it:
 *   the nops at the entry become   auipc t0, 0 ; sw t0, TRACE_ENTER(x0)
 *   the nops before it become      sw t1, TRACE_EXIT(x0) ; ret
 *   each ret becomes               jal t1, <the nops before the entry>
 * The stores reach perfscope's window at the top of the address space
 * (PERF_HWTRACE_TOP), so they need no base register; t0 and t1 are
 * temporaries no function keeps live across its entry or its return. The
 * jal links t1, not t0: the RISC-V return-address hints make a jal that
 * links ra or t0 a call, and the retire tap (docs/retire.md) would see
 * one into the exit; a jal linking t1 is a plain jump. Each function has
 * its exit of its own, beside its entry: one exit that every function
 * shared would sit in one line of a direct-mapped instruction cache, and a
 * hot function whose code maps to the same line would miss twice a call
 * (CoreMark on VexRiscv_Full: 49 cycles a call instead of 4).
 *
 * A function is refused, with the whole ELF, when patching it would lose
 * events: a compressed instruction (c.ret cannot become a 4-byte jal), a
 * tail call (a jal x0 out of the function: its callee's ret would end both
 * calls), or an mret (a handler's exit is not a ret).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "callsites.h"
#include "commands.h"
#include "diag.h"
#include "output.h"
#include "perfscope_hwtrace.h"
#include "symbols.h"
#include "util.h"

#define NOP 0x00000013u    /* addi x0, x0, 0 */
#define C_NOPS 0x00010001u /* two c.nop: the entry of code built with C */
#define RET 0x00008067u    /* jalr x0, 0(ra) */
#define MRET 0x30200073u
#define T0 5u
#define T1 6u

/* The stores' offsets from x0: the window's alias, sign-extended. */
#define TOP_OFFSET(reg) ((int32_t)(PERF_HWTRACE_TOP + (reg)))
_Static_assert(TOP_OFFSET(PERF_REG_TRACE_ENTER) >= -2048 && TOP_OFFSET(PERF_REG_TRACE_EXIT) < 0,
               "the trace registers' alias is out of reach of a store off x0");

static uint32_t sw_x0(uint32_t rs2, int32_t off)
{
	const uint32_t imm = (uint32_t)off & 0xfffu;
	return (imm >> 5) << 25 | rs2 << 20 | 2u << 12 | (imm & 0x1fu) << 7 | 0x23u;
}

static uint32_t jal(uint32_t rd, int32_t off)
{
	const uint32_t i = (uint32_t)off;
	return (i >> 20 & 1u) << 31 | (i >> 1 & 0x3ffu) << 21 | (i >> 11 & 1u) << 20 |
	       (i >> 12 & 0xffu) << 12 | rd << 7 | 0x6fu;
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int k = 0; k < 4; k++)
		p[k] = (uint8_t)(v >> 8 * k);
}

struct fn {
	uint32_t addr, size;
	uint32_t base; /* its code section's address */
	size_t at;     /* file offset of addr */
	const char *name;
};

static int by_address(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The functions of the ELF's code sections, by address, one per address. */
static struct fn *functions(Elf *e, size_t *n)
{
	struct fn *v = NULL;
	size_t cap = 0;
	*n = 0;
	for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t k = 0; d && k < sh.sh_size / sh.sh_entsize; k++) {
			GElf_Sym s;
			GElf_Shdr code;
			Elf_Scn *in;
			if (!gelf_getsym(d, (int)k, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC ||
			    !(in = elf_getscn(e, s.st_shndx)) || !gelf_getshdr(in, &code) ||
			    code.sh_type != SHT_PROGBITS || !(code.sh_flags & SHF_EXECINSTR) ||
			    s.st_value < code.sh_addr ||
			    s.st_value + s.st_size > code.sh_addr + code.sh_size)
				continue;
			const char *name = elf_strptr(e, sh.sh_link, s.st_name);
			grow(&v, &cap, *n + 1, sizeof *v);
			v[(*n)++] = (struct fn){ .addr = (uint32_t)s.st_value,
				                 .size = (uint32_t)s.st_size,
				                 .base = (uint32_t)code.sh_addr,
				                 .at = code.sh_offset + (s.st_value - code.sh_addr),
				                 .name = name ? name : "?" };
		}
	}
	if (*n)
		qsort(v, *n, sizeof *v, by_address);
	size_t kept = 0;
	for (size_t k = 0; k < *n; k++)
		if (!kept || v[k].addr != v[kept - 1].addr)
			v[kept++] = v[k];
	*n = kept;
	return v;
}

/* Patches one function that starts with the two nops and has the two
 * before it (its exit); returns its rets, or -1 after saying why it cannot
 * be patched. */
static int patch_function(const char *path, uint8_t *img, const struct fn *f, const struct fn *v,
                          size_t n)
{
	const uint32_t exit = f->addr - 8;
	int rets = 0;
	if (f->size > (1u << 20) - 8) { /* a jal back to the exit reaches 1 MiB */
		error_at(path, 0, "%s: %u bytes, too long for its rets to reach its exit", f->name,
		         f->size);
		return -1;
	}
	for (uint32_t off = 8; off < f->size; off += 4) {
		uint8_t *p = img + f->at + off;
		const uint32_t pc = f->addr + off;
		if ((p[0] & 3u) != 3u || off + 4 > f->size) {
			error_at(path, 0,
			         "%s+0x%x: a compressed instruction; one-store hooks need code "
			         "built without the C extension",
			         f->name, off);
			return -1;
		}
		const uint32_t i = get32(p);
		if (i == RET) {
			put32(p, jal(T1, (int32_t)(exit - pc)));
			rets++;
		} else if ((i & 0xfffu) == 0x06fu) { /* jal x0 */
			const uint32_t to = pc + callsites_jal_offset(i);
			if (to < f->addr || to - f->addr >= f->size) {
				/* -msave-restore (its __riscv_restore_N in the ELF)
				 * ends functions in jumps to a shared epilogue, and
				 * GCC 12 makes tail calls with it despite
				 * -fno-optimize-sibling-calls. */
				const char *callee = "?";
				int save_restore = 0;
				for (size_t k = 0; k < n; k++) {
					if (to >= v[k].addr && to - v[k].addr < v[k].size)
						callee = v[k].name;
					save_restore |= !strncmp(v[k].name, "__riscv_restore_", 16);
				}
				if (!strncmp(callee, "__riscv_restore_", 16))
					error_at(
					        path, 0,
					        "%s+0x%x: a jump to %s (0x%08x), -msave-restore's shared "
					        "epilogue; build the code to trace without -msave-restore",
					        f->name, off, callee, to);
				else
					error_at(
					        path, 0,
					        "%s+0x%x: a tail call to %s (0x%08x); build with "
					        "-fno-optimize-sibling-calls%s",
					        f->name, off, callee, to,
					        save_restore
					                ? " and without -msave-restore, with which GCC "
					                  "makes tail calls all the same"
					                : "");
				return -1;
			}
		} else if (i == MRET) {
			error_at(
			        path, 0,
			        "%s+0x%x: an mret; build interrupt handlers without "
			        "-fpatchable-function-entry and mark them with PERF_HWTRACE_IRQ_ENTER",
			        f->name, off);
			return -1;
		}
	}
	put32(img + f->at, 0x00000017u | T0 << 7); /* auipc t0, 0: the function's address */
	put32(img + f->at + 4, sw_x0(T0, TOP_OFFSET(PERF_REG_TRACE_ENTER)));
	put32(img + f->at - 8, sw_x0(T1, TOP_OFFSET(PERF_REG_TRACE_EXIT)));
	put32(img + f->at - 4, RET);
	return rets;
}

static uint8_t *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		error_at(path, 0, "cannot open the ELF: %s", strerror(errno));
		return NULL;
	}
	uint8_t *buf = NULL;
	size_t cap = 0, n = 0, got;
	do {
		grow(&buf, &cap, n + 65536, 1);
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got);
	const int bad = ferror(f) ? (errno ? errno : EIO) : 0;
	fclose(f);
	if (bad) {
		error_at(path, 0, "cannot read the ELF: %s", strerror(bad));
		free(buf);
		return NULL;
	}
	*size = n;
	return buf;
}

/* Patches img in place; 0 after saying what is wrong. *fns, *rets: what it patched. */
static int patch_image(const char *path, uint8_t *img, size_t size, size_t *fns, size_t *rets)
{
	Elf *e = elf_memory((char *)img, size);
	const char *damage;
	int ok = 0;
	GElf_Ehdr eh;
	if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh)) {
		error_at(path, 0, "not an ELF file");
	} else if (gelf_getclass(e) != ELFCLASS32 || eh.e_machine != EM_RISCV_ ||
	           eh.e_ident[EI_DATA] != ELFDATA2LSB) {
		error_at(path, 0, "not a 32-bit RISC-V ELF");
	} else if ((damage = elf_damage(e, size))) {
		error_at(path, 0, "%s", damage);
	} else {
		size_t n;
		struct fn *v = functions(e, &n);
		ok = 1;
		if (!n) {
			error_at(path, 0, "no function symbols (a stripped ELF?)");
			ok = 0;
		}
		for (size_t k = 0; ok && k < n; k++) {
			if (v[k].size < 8 || v[k].at + v[k].size > size)
				continue;
			if (get32(img + v[k].at) == C_NOPS) {
				error_at(
				        path, 0,
				        "%s: compressed entry nops; one-store hooks need code built "
				        "without the C extension",
				        v[k].name);
				ok = 0;
				break;
			}
			if (get32(img + v[k].at) != NOP || get32(img + v[k].at + 4) != NOP)
				continue;
			/* The exit's two nops: in the function's section, in no
			 * function (the one before ends before them). */
			if (v[k].addr - v[k].base < 8 ||
			    (k && v[k - 1].addr + v[k - 1].size > v[k].addr - 8) ||
			    get32(img + v[k].at - 8) != NOP || get32(img + v[k].at - 4) != NOP) {
				error_at(
				        path, 0,
				        "%s: no two nops before its entry for its exit; build the code "
				        "to trace with -fpatchable-function-entry=4,2",
				        v[k].name);
				ok = 0;
				break;
			}
			const int r = patch_function(path, img, &v[k], v, n);
			ok = r >= 0;
			*rets += (size_t)(r > 0 ? r : 0);
			*fns += ok;
		}
		if (ok && !*fns) {
			error_at(path, 0,
			         "no function starts with two nops: build the code to trace "
			         "with -fpatchable-function-entry=4,2 (or it is patched already)");
			ok = 0;
		}
		free(v);
	}
	if (e)
		elf_end(e);
	return ok;
}

int run_patch(const char *in, const char *out)
{
	if (elf_version(EV_CURRENT) == EV_NONE) {
		error_at(NULL, 0, "libelf: %s", elf_errmsg(-1));
		return EXIT_INPUT;
	}
	size_t size = 0, fns = 0, rets = 0;
	uint8_t *img = read_all(in, &size);
	if (!img)
		return EXIT_INPUT;
	if (!patch_image(in, img, size, &fns, &rets)) {
		free(img);
		return EXIT_INPUT;
	}
	/* Written as every output is (output.h): beside a file and renamed over
	 * it, so in == out is fine and a failed write leaves no half-patched
	 * program behind, through a symbolic link to the file it names, and to
	 * a device or standard output ("-") directly. A file gets the input's
	 * permission bits, as the linker gave them (executable), less the
	 * umask, as cp gives them; where that fails (a file system without
	 * them), the file is written all the same. */
	struct stat in_st;
	const int have_mode = stat(in, &in_st) == 0;
	const mode_t mask = umask(0);
	umask(mask);
	struct output o;
	int status = EXIT_OUTPUT;
	if (output_open(&o, out)) {
		if (have_mode && output_retractable(&o))
			(void)fchmod(fileno(o.f), in_st.st_mode & 0777 & ~mask);
		const int to_stdout = !output_retractable(&o) && !strcmp(out, "-");
		const int wrote = fwrite(img, 1, size, o.f) == size;
		if (output_close(&o, wrote) == 0 && wrote) {
			status = EXIT_OK;
			fprintf(to_stdout ? stderr : stdout, "perfscope: %s: %zu function%s, %zu return%s patched\n",
			        to_stdout ? "standard output" : out, fns, plural(fns), rets, plural(rets));
		}
	}
	free(img);
	return status;
}
