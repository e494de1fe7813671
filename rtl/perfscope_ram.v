// perfscope_ram: the counter store, one write port and one registered read
// port, written so that yosys maps it to block RAM (one SB_RAM40_4K pair on
// iCE40) instead of flip-flops.
`default_nettype none

module perfscope_ram #(
	parameter AW = 5,   // address bits: {section[2:0], field[1:0]}
	parameter DW = 32   // data bits
) (
	input  wire          i_clk,
	input  wire          i_we,
	input  wire [AW-1:0] i_waddr,
	input  wire [DW-1:0] i_wdata,
	input  wire [AW-1:0] i_raddr,
	output reg  [DW-1:0] o_rdata
);

	reg [DW-1:0] mem [0:(1<<AW)-1];

	always @(posedge i_clk) begin
		if (i_we)
			mem[i_waddr] <= i_wdata;
		o_rdata <= mem[i_raddr];
	end

endmodule
`default_nettype wire
