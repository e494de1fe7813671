// SPDX-License-Identifier: Apache-2.0
// System-control page of the perfscope SoC (0x8000_1000, soc/README.md):
//   +0x0 CONSOLE  write: bits 7:0 are one character for the simulator
//   +0x4 SIMCTRL  write: end the simulation with the written exit code
//   +0x8 SCRATCH  a plain read/write register (benchmarks' one-cycle slave)
// Other words of the page read 0 and ignore writes. Every access is acked
// exactly one cycle after the request, like every other I/O slave, except a
// CONSOLE write while i_console_ready is low: it waits (no ack) until the
// consumer of the character, the board's UART transmitter, is ready.
`default_nettype none

module soc_sysctl (
	input  wire        i_clk,
	input  wire        i_reset,
	input  wire        i_stb,        // cyc & stb & page decode
	input  wire        i_we,
	input  wire [9:0]  i_addr,       // word inside the 4 KiB page
	input  wire [31:0] i_data,
	input  wire [3:0]  i_sel,
	input  wire        i_console_ready,  // a CONSOLE write may complete now
	output reg         o_ack,
	output reg  [31:0] o_data,
	output reg         o_console_valid,  // one cycle per character
	output reg  [7:0]  o_console_data,
	output reg         o_exit_valid,     // one cycle per SIMCTRL write
	output reg  [31:0] o_exit_code       // holds the last code written
);

	localparam [9:0] A_CONSOLE = 10'd0;
	localparam [9:0] A_SIMCTRL = 10'd1;
	localparam [9:0] A_SCRATCH = 10'd2;

	// A classic master holds STB through the ack cycle; only a request that
	// is not being acked is new.
	wire req   = i_stb & ~o_ack;
	wire write = req & i_we;
	wire console_wait = write && i_addr == A_CONSOLE && !i_console_ready;

	reg [31:0] scratch;
	integer i;

	always @(posedge i_clk) begin
		o_data <= (i_addr == A_SCRATCH) ? scratch : 32'd0;
		if (write && i_addr == A_CONSOLE)
			o_console_data <= i_data[7:0];
		if (write && i_addr == A_SIMCTRL)
			o_exit_code <= i_data;
		if (write && i_addr == A_SCRATCH)
			for (i = 0; i < 4; i = i + 1)
				if (i_sel[i])
					scratch[8*i +: 8] <= i_data[8*i +: 8];
		if (i_reset) begin
			o_ack <= 1'b0;
			o_console_valid <= 1'b0;
			o_exit_valid <= 1'b0;
			o_exit_code <= 32'd0;
			scratch <= 32'd0;
		end else begin
			o_ack <= req && !console_wait;
			o_console_valid <= write && i_addr == A_CONSOLE && i_console_ready;
			o_exit_valid <= write && i_addr == A_SIMCTRL;
		end
	end

endmodule

`default_nettype wire
