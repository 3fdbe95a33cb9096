"""The two fleets the bot, replay and club page tests play with, and B's fleet placed otherwise
for their swap tests [1.4]: A's test orders meet the same cells in both of B's fleets."""

FLEET_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
FLEET_B = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gz1 Gz2 Gz3 Gz4; "
    "MD Yz3 Yz4 Yz5; LS Yv5"
)
# B's patrol cruiser and missile destroyer elsewhere, on cells A's test orders never meet.
FLEET_B_SWAPPED = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gv5 Gw5 Gx5 Gy5; "
    "MD Bz3 Bz4 Bz5; LS Yv5"
)
