/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Messages for the user on stderr, in the GNU form editors and CI logs link
 * to: "perfscope: FILE:LINE: error: what". Errors make the run fail (exit 1,
 * outputs withheld unless --partial); warnings only inform.
 */
#ifndef DIAG_H
#define DIAG_H

#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))

/* file NULL: no location; line 0: the whole file. */
void error_at(const char *file, long line, const char *fmt, ...) PRINTF_LIKE(3, 4);
void warning_at(const char *file, long line, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* Counts an error whose message was already given (or deliberately
 * summarised), so that the run still fails. */
void error_count(void);

unsigned diag_errors(void);

/*
 * While a frame is decoded, what its content makes anyone say waits until
 * its CRC has been checked: diag_hold() keeps the messages of error_at and
 * warning_at (and their error count), diag_release(1) then gives them, and
 * diag_release(0) drops them, because the frame turned out corrupted and
 * its one error says so. diag_now() reports that error past the hold.
 */
void diag_hold(void);
void diag_release(int give);
void diag_now(const char *file, long line, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* Starts over with no errors; quiet drops the messages (the fuzzer). */
void diag_reset(int quiet);

#endif
