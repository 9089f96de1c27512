# mount: while the alert shows, the engine keeps a layer "alert:<id>" under mount.parent at
# mount.sort; alert.show carries it; it goes when the alert stops showing (and comes back
# when it shows again).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"overlay","sort":100}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"overlay","parent":null,"sort":100,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"m","scope":"room","mount":{"parent":"overlay","sort":5}}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"m","queue":"default","type":"t","priority":0,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":{"parent":"overlay","sort":5},"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"m","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":{"parent":"overlay","sort":5},"persist":false},"resumed":false,"at":0,"layer":{"id":"alert:m","parent":"overlay","sort":5,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.get","params":{"id":"alert:m"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"alert:m","parent":"overlay","sort":5,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.push","params":{"scope":"other"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"m","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"stack":["room","other"],"active":"other"}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.get","params":{"id":"alert:m"}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"alert:m"}}}
>> {"jsonrpc":"2.0","id":7,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"m","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":2,"mount":{"parent":"overlay","sort":5},"persist":false},"resumed":true,"at":0,"layer":{"id":"alert:m","parent":"overlay","sort":5,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}}
<< {"jsonrpc":"2.0","id":7,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.complete","params":{"id":"m"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"m","queue":"default","type":"t","priority":0,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":2,"mount":{"parent":"overlay","sort":5},"persist":false}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.children","params":{"id":"overlay"}}
<< {"jsonrpc":"2.0","id":9,"result":{"total":0,"layers":[]}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"top","mount":{"sort":7}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"top","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":{"parent":null,"sort":7},"persist":false},"resumed":false,"at":0,"layer":{"id":"alert:top","parent":null,"sort":7,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"top","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":{"parent":null,"sort":7},"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":11,"result":{"ids":["alert:top","overlay"]}}
