// SPDX-License-Identifier: Apache-2.0
// RISC-V machine timer of the perfscope SoC (0x8000_2000, soc/README.md):
//   +0x0/+0x4 MTIME lo/hi      counts every clock cycle from reset; read-only
//   +0x8/+0xC MTIMECMP lo/hi   reset to all ones, so no interrupt until set
// o_irq (the CPU's timerInterrupt) is MTIME >= MTIMECMP. It is combinational
// so that a handler's MTIMECMP write has cleared it by the time the store is
// acked. Other words of the page read 0. Acked one cycle after the request.
`default_nettype none

module soc_timer (
	input  wire        i_clk,
	input  wire        i_reset,
	input  wire        i_stb,        // cyc & stb & page decode
	input  wire        i_we,
	input  wire [9:0]  i_addr,       // word inside the 4 KiB page
	input  wire [31:0] i_data,
	input  wire [3:0]  i_sel,
	output reg         o_ack,
	output reg  [31:0] o_data,
	output wire        o_irq
);

	localparam [9:0] A_MTIME_LO    = 10'd0;
	localparam [9:0] A_MTIME_HI    = 10'd1;
	localparam [9:0] A_MTIMECMP_LO = 10'd2;
	localparam [9:0] A_MTIMECMP_HI = 10'd3;

	// Only a request that is not being acked is new (classic master).
	wire req   = i_stb & ~o_ack;
	wire write = req & i_we;

	reg [63:0] mtime;
	reg [63:0] mtimecmp;
	integer i;

	assign o_irq = mtime >= mtimecmp;

	always @(posedge i_clk) begin
		case (i_addr)
		A_MTIME_LO:    o_data <= mtime[31:0];
		A_MTIME_HI:    o_data <= mtime[63:32];
		A_MTIMECMP_LO: o_data <= mtimecmp[31:0];
		A_MTIMECMP_HI: o_data <= mtimecmp[63:32];
		default:       o_data <= 32'd0;
		endcase
		mtime <= mtime + 64'd1;
		for (i = 0; i < 4; i = i + 1)
			if (i_sel[i]) begin
				if (write && i_addr == A_MTIMECMP_LO)
					mtimecmp[8*i +: 8] <= i_data[8*i +: 8];
				if (write && i_addr == A_MTIMECMP_HI)
					mtimecmp[32 + 8*i +: 8] <= i_data[8*i +: 8];
			end
		if (i_reset) begin
			o_ack <= 1'b0;
			mtime <= 64'd0;
			mtimecmp <= {64{1'b1}};
		end else
			o_ack <= req;
	end

endmodule

`default_nettype wire
