# A mounted alert layer's life. protocol.md, Mounted alert layers: "the mounted layer is a
# group ... placed by the ordering rule at `mount.sort` under `mount.parent`. Clients may
# add children under it ... if it is removed, the alert keeps showing without a layer";
# "the layer and its whole subtree — the children the client added, and what
# `layer.update` set on it — are removed whenever the alert stops showing, suspended ... as
# well as ended. When a suspended alert shows again it gets a fresh, empty group";
# "`--max-layers` counts mounted layers too; at the limit, the alert shows without a layer";
# alert.enqueue: "if it is gone at show time, the alert shows without a layer" (alert.show
# then has no `layer`).
## args: --clock manual --max-layers 4
# m mounts under overlay at sort 5: above sib (sort 5, older), index 1.
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"overlay"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"overlay","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"sib","parent":"overlay","sort":5}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"sib","parent":"overlay","sort":5,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"m","scope":"room","mount":{"parent":"overlay","sort":5}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"m","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":{"parent":"overlay","sort":5},"persist":false},"resumed":false,"at":0,"layer":{"id":"alert:m","parent":"overlay","sort":5,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"m","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":{"parent":"overlay","sort":5},"persist":false},"disposition":"queued"}}
# The client adds c under it and hides it; the suspension removes both; the resume brings
# a fresh group (not hidden, no child).
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"c","parent":"alert:m"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"c","parent":"alert:m","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.update","params":{"id":"alert:m","hidden":true}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"alert:m","parent":"overlay","sort":5,"index":1,"hidden":true,"interactive":true,"clips":false,"childCount":1}}
>> {"jsonrpc":"2.0","id":7,"method":"nav.push","params":{"scope":"other"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"m","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"stack":["room","other"],"active":"other"}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.get","params":{"id":"c"}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"c"}}}
>> {"jsonrpc":"2.0","id":9,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"m","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":2,"mount":{"parent":"overlay","sort":5},"persist":false},"resumed":true,"at":0,"layer":{"id":"alert:m","parent":"overlay","sort":5,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}}
<< {"jsonrpc":"2.0","id":9,"result":{"stack":["room"],"active":"room"}}
# The client removes the layer: the alert keeps showing.
>> {"jsonrpc":"2.0","id":10,"method":"layer.remove","params":{"id":"alert:m"}}
<< {"jsonrpc":"2.0","id":10,"result":{"removed":1}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.get","params":{"id":"m"}}
<< {"jsonrpc":"2.0","id":11,"result":{"id":"m","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":2,"mount":{"parent":"overlay","sort":5},"persist":false}}
# Four layers (the limit): the next show has no layer.
>> {"jsonrpc":"2.0","id":12,"method":"layer.add","params":{"id":"x1"}}
<< {"jsonrpc":"2.0","id":12,"result":{"id":"x1","parent":null,"sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":13,"method":"layer.add","params":{"id":"x2"}}
<< {"jsonrpc":"2.0","id":13,"result":{"id":"x2","parent":null,"sort":0,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":14,"method":"nav.push","params":{"scope":"other"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"m","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":14,"result":{"stack":["room","other"],"active":"other"}}
>> {"jsonrpc":"2.0","id":15,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"m","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":3,"mount":{"parent":"overlay","sort":5},"persist":false},"resumed":true,"at":0}}
<< {"jsonrpc":"2.0","id":15,"result":{"stack":["room"],"active":"room"}}
# overlay gone (two layers left): the next show has no layer either.
>> {"jsonrpc":"2.0","id":16,"method":"layer.remove","params":{"id":"overlay"}}
<< {"jsonrpc":"2.0","id":16,"result":{"removed":2}}
>> {"jsonrpc":"2.0","id":17,"method":"nav.push","params":{"scope":"other"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"m","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":17,"result":{"stack":["room","other"],"active":"other"}}
>> {"jsonrpc":"2.0","id":18,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"m","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":4,"mount":{"parent":"overlay","sort":5},"persist":false},"resumed":true,"at":0}}
<< {"jsonrpc":"2.0","id":18,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":19,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":19,"result":{"ids":["x1","x2"]}}
