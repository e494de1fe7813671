// SPDX-License-Identifier: Apache-2.0
// The SoC as both boards use it: 64 KiB of RAM (SPRAM on the iCE40 UP5K),
// perfscope, the console on a serial line, perfscope's trace records on a
// serial line of their own (soc_trace_uart, docs/fpga.md), and the
// firmware's exit code kept for the board's LEDs. With RETIRE perfscope
// reads the CPU's retire stream (docs/retire.md): the calls it finds are
// records of the trace unit, and leave on the same line.
`default_nettype none

module board_soc #(
	parameter PERF_SECTIONS = 7,    // 0: the SoC without perfscope (make bench-fpga)
	parameter BAUD_DIV      = 104,  // clock cycles a serial bit of the console
	parameter TRACE_DEPTH   = 512,  // perfscope's trace FIFO: 0 (no trace unit, no drain) or a power of two 16..4096
	parameter TRACE_BAUD_DIV = 4,   // clock cycles a serial bit of the trace line
	parameter RETIRE        = 0,    // 1: perfscope's retire tap on the CPU's retire stream
	parameter HIST_BUCKETS  = 0,    // with RETIRE: its histogram's words, 0 or a power of two 2..4096
	parameter TRIGGERS      = 0,    // with RETIRE: sections 1..TRIGGERS take trigger addresses
	parameter FIRMWARE      = "",   // $readmemh image in the RAM, "" for none
	parameter SPRAM         = 0     // 1: the RAM in the iCE40 UP5K's SPRAM (soc_ram)
) (
	input  wire        i_clk,
	input  wire        i_reset,
	// Writes into the RAM while i_reset holds the CPU (a flash loader)
	input  wire        i_load_we,
	input  wire [29:0] i_load_addr,
	input  wire [31:0] i_load_data,
	output wire        o_uart_tx,
	output wire        o_trace_tx,  // the trace records, 8N1; high without the trace unit
	output reg         o_exited,    // the firmware has exited since the reset...
	output reg         o_passed     // ...with code 0
);

	wire        exit_valid, perf_mapped, perf_cyc, perf_stb, perf_we, perf_ack, rt_firing, rt_trap;
	wire [31:0] exit_code, perf_wdata, perf_rdata, rt_pc, rt_insn;
	wire [5:0]  perf_addr;
	wire [3:0]  perf_sel;

	soc_top #(
		.RAM_BYTES (65536),
		.FIRMWARE  (FIRMWARE),
		.BAUD_DIV  (BAUD_DIV),
		.SPRAM     (SPRAM)
	) u_soc (
		.i_clk         (i_clk),
		.i_reset       (i_reset),
		.i_load_we     (i_load_we),
		.i_load_addr   (i_load_addr),
		.i_load_data   (i_load_data),
		.o_uart_tx     (o_uart_tx),
		.o_exit_valid  (exit_valid),
		.o_exit_code   (exit_code),
		.i_perf_mapped (perf_mapped),
		.o_perf_cyc    (perf_cyc),
		.o_perf_stb    (perf_stb),
		.o_perf_we     (perf_we),
		.o_perf_addr   (perf_addr),
		.o_perf_wdata  (perf_wdata),
		.o_perf_sel    (perf_sel),
		.i_perf_ack    (perf_ack),
		.i_perf_rdata  (perf_rdata),
		.o_rt_firing   (rt_firing),
		.o_rt_pc       (rt_pc),
		.o_rt_insn     (rt_insn),
		.o_rt_trap     (rt_trap)
	);

	// soc_top, a classic master, needs no stall: perfscope stalls only while
	// it has a request that the ack will end.
	wire        trace_valid, trace_ready;
	wire [63:0] trace_data;

	/* verilator lint_off PINCONNECTEMPTY */
	soc_perf #(
		.PERF_SECTIONS (PERF_SECTIONS),
		.TRACE_DEPTH   (TRACE_DEPTH),
		.RETIRE        (RETIRE),
		.HIST_BUCKETS  (HIST_BUCKETS),
		.TRIGGERS      (TRIGGERS)
	) u_perf (
		.i_clk         (i_clk),
		.i_reset       (i_reset),
		.o_mapped      (perf_mapped),
		.i_wb_cyc      (perf_cyc),
		.i_wb_stb      (perf_stb),
		.i_wb_we       (perf_we),
		.i_wb_addr     (perf_addr),
		.i_wb_data     (perf_wdata),
		.i_wb_sel      (perf_sel),
		.o_wb_stall    (),
		.o_wb_ack      (perf_ack),
		.o_wb_data     (perf_rdata),
		.o_trace_valid (trace_valid),
		.o_trace_data  (trace_data),
		.i_trace_ready (trace_ready),
		.i_rt_firing   (rt_firing),
		.i_rt_pc       (rt_pc),
		.i_rt_insn     (rt_insn),
		.i_rt_trap     (rt_trap)
	);
	/* verilator lint_on PINCONNECTEMPTY */

	generate
	if (TRACE_DEPTH != 0 && PERF_SECTIONS != 0) begin : g_trace
		soc_trace_uart #(.BAUD_DIV(TRACE_BAUD_DIV)) u_trace_uart (
			.i_clk         (i_clk),
			.i_reset       (i_reset),
			.i_trace_valid (trace_valid),
			.i_trace_data  (trace_data),
			.o_trace_ready (trace_ready),
			.o_tx          (o_trace_tx)
		);
	end else begin : g_no_trace
		// No records come: the line idles high.
		assign trace_ready = 1'b0;
		assign o_trace_tx  = 1'b1;
		// verilator lint_off UNUSEDSIGNAL
		wire unused_ok = &{1'b0, trace_valid, trace_data};
		// verilator lint_on UNUSEDSIGNAL
	end
	endgenerate

	always @(posedge i_clk) begin
		if (i_reset) begin
			o_exited <= 1'b0;
			o_passed <= 1'b0;
		end else if (exit_valid) begin
			o_exited <= 1'b1;
			o_passed <= (exit_code == 32'd0);
		end
	end

endmodule

`default_nettype wire
