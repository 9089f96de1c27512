# Hit testing through groups, with clips, empty frames and scoped tests. protocol.md,
# Layers: "A layer without a frame is a group: it draws nothing, is never hit itself, and
# its children use the group's parent's coordinates"; Groups and clips: "`clips` on a group
# clips nothing"; a clips layer "whose frame does not contain the point" is skipped with its
# subtree; "a frame of zero width or height is never hit" (its children still are, unless
# it clips: then no point is inside it); "with `id`, only that subtree is tested ..., `x`/`y`
# are in the coordinates of `id`'s parent, and the flags of `id`'s ancestors (hidden,
# non-interactive, clipping) are not considered; `path` still runs from the top-level
# ancestor. `layer.paintOrder {id}` lists that subtree the same way, itself first (`[]`
# when `id` itself is hidden)". Non-interactive and hidden subtrees are not hit.
## args: --clock manual
# W (10,10 100x100, clips) > G1 (group) > G2 (group, clips: no effect) > btn (0,0 20x20)
# and out (95,95 10x10), both in W's coordinates through the two groups.
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"W","clips":true,"frame":{"x":10,"y":10,"width":100,"height":100}}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"W","parent":null,"sort":0,"index":0,"frame":{"x":10,"y":10,"width":100,"height":100},"hidden":false,"interactive":true,"clips":true,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"G1","parent":"W"}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"G1","parent":"W","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"G2","parent":"G1","clips":true}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"G2","parent":"G1","sort":0,"index":0,"hidden":false,"interactive":true,"clips":true,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"btn","parent":"G2","frame":{"x":0,"y":0,"width":20,"height":20}}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"btn","parent":"G2","sort":0,"index":0,"frame":{"x":0,"y":0,"width":20,"height":20},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"out","parent":"G2","frame":{"x":95,"y":95,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"out","parent":"G2","sort":0,"index":1,"frame":{"x":95,"y":95,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
# Z: an empty frame at 200, not clipping, with a child zc; ZC: an empty frame at 300 that
# clips, with a child zcc; H: a hidden group; N: a non-interactive group.
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":{"id":"Z","sort":1,"frame":{"x":200,"y":0,"width":0,"height":0}}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"Z","parent":null,"sort":1,"index":1,"frame":{"x":200,"y":0,"width":0,"height":0},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.add","params":{"id":"zc","parent":"Z","frame":{"x":0,"y":0,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"zc","parent":"Z","sort":0,"index":0,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.add","params":{"id":"ZC","sort":2,"clips":true,"frame":{"x":300,"y":0,"width":0,"height":10}}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"ZC","parent":null,"sort":2,"index":2,"frame":{"x":300,"y":0,"width":0,"height":10},"hidden":false,"interactive":true,"clips":true,"childCount":0}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.add","params":{"id":"zcc","parent":"ZC","frame":{"x":0,"y":0,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"zcc","parent":"ZC","sort":0,"index":0,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.add","params":{"id":"H","sort":3,"hidden":true}}
<< {"jsonrpc":"2.0","id":10,"result":{"id":"H","parent":null,"sort":3,"index":3,"hidden":true,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":11,"method":"layer.add","params":{"id":"hc","parent":"H","frame":{"x":400,"y":0,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":11,"result":{"id":"hc","parent":"H","sort":0,"index":0,"frame":{"x":400,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":12,"method":"layer.add","params":{"id":"N","sort":4,"interactive":false}}
<< {"jsonrpc":"2.0","id":12,"result":{"id":"N","parent":null,"sort":4,"index":4,"hidden":false,"interactive":false,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":13,"method":"layer.add","params":{"id":"nc","parent":"N","frame":{"x":500,"y":0,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":13,"result":{"id":"nc","parent":"N","sort":0,"index":0,"frame":{"x":500,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
# Painted: everything but H's subtree, groups included (N's too: it is only not hit).
>> {"jsonrpc":"2.0","id":14,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":14,"result":{"ids":["W","G1","G2","btn","out","Z","zc","ZC","zcc","N","nc"]}}
# btn at (15,15); out at (107,107), inside W; (112,112) is inside out's frame but outside
# W's, which clips: nothing; (50,50) is W itself.
>> {"jsonrpc":"2.0","id":15,"method":"layer.hitTest","params":{"x":15,"y":15}}
<< {"jsonrpc":"2.0","id":15,"result":{"id":"btn","path":["W","G1","G2","btn"]}}
>> {"jsonrpc":"2.0","id":16,"method":"layer.hitTest","params":{"x":107,"y":107}}
<< {"jsonrpc":"2.0","id":16,"result":{"id":"out","path":["W","G1","G2","out"]}}
>> {"jsonrpc":"2.0","id":17,"method":"layer.hitTest","params":{"x":112,"y":112}}
<< {"jsonrpc":"2.0","id":17,"result":{"id":null,"path":[]}}
>> {"jsonrpc":"2.0","id":18,"method":"layer.hitTest","params":{"x":50,"y":50}}
<< {"jsonrpc":"2.0","id":18,"result":{"id":"W","path":["W"]}}
# zc is hit through its empty, non-clipping parent; zcc never; hc and nc not either.
>> {"jsonrpc":"2.0","id":19,"method":"layer.hitTest","params":{"x":205,"y":5}}
<< {"jsonrpc":"2.0","id":19,"result":{"id":"zc","path":["Z","zc"]}}
>> {"jsonrpc":"2.0","id":20,"method":"layer.hitTest","params":{"x":305,"y":5}}
<< {"jsonrpc":"2.0","id":20,"result":{"id":null,"path":[]}}
>> {"jsonrpc":"2.0","id":21,"method":"layer.hitTest","params":{"x":405,"y":5}}
<< {"jsonrpc":"2.0","id":21,"result":{"id":null,"path":[]}}
>> {"jsonrpc":"2.0","id":22,"method":"layer.hitTest","params":{"x":505,"y":5}}
<< {"jsonrpc":"2.0","id":22,"result":{"id":null,"path":[]}}
# Scoped: out at (102,102) in its parent's coordinates (the groups pass W's through),
# W's clipping not considered; hc under hidden H and nc under non-interactive N are hit.
>> {"jsonrpc":"2.0","id":23,"method":"layer.hitTest","params":{"id":"out","x":102,"y":102}}
<< {"jsonrpc":"2.0","id":23,"result":{"id":"out","path":["W","G1","G2","out"]}}
>> {"jsonrpc":"2.0","id":24,"method":"layer.hitTest","params":{"id":"hc","x":405,"y":5}}
<< {"jsonrpc":"2.0","id":24,"result":{"id":"hc","path":["H","hc"]}}
>> {"jsonrpc":"2.0","id":25,"method":"layer.hitTest","params":{"id":"nc","x":505,"y":5}}
<< {"jsonrpc":"2.0","id":25,"result":{"id":"nc","path":["N","nc"]}}
>> {"jsonrpc":"2.0","id":26,"method":"layer.paintOrder","params":{"id":"H"}}
<< {"jsonrpc":"2.0","id":26,"result":{"ids":[]}}
>> {"jsonrpc":"2.0","id":27,"method":"layer.paintOrder","params":{"id":"hc"}}
<< {"jsonrpc":"2.0","id":27,"result":{"ids":["hc"]}}
