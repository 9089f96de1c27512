# alert.show carries the whole alert, resumed (false on a first show, true after a
# suspension), the engine time, and the mounted layer when the alert has a mount. A timer
# that makes an alert ready shows it at the ready time, inside clock.advance.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"hud","sort":9}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"hud","parent":null,"sort":9,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"banner","id":"b","priority":2,"scope":"feed","key":"k","data":{"text":"hi"},"delayMs":30,"durationMs":500,"ttlMs":1000,"mount":{"parent":"hud","sort":1}}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"b","queue":"default","type":"banner","priority":2,"state":"scheduled","scope":"feed","key":"k","data":{"text":"hi"},"result":null,"seq":1,"createdAt":0,"readyAt":30,"expiresAt":1000,"durationMs":500,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":{"parent":"hud","sort":1},"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.push","params":{"scope":"feed"}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["feed"],"active":"feed"}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":50}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"banner","priority":2,"state":"showing","scope":"feed","key":"k","data":{"text":"hi"},"result":null,"seq":1,"createdAt":0,"readyAt":30,"expiresAt":1000,"durationMs":500,"shownAt":30,"endedAt":null,"endReason":null,"shownCount":1,"mount":{"parent":"hud","sort":1},"persist":false},"resumed":false,"at":30,"layer":{"id":"alert:b","parent":"hud","sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":50}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.push","params":{"scope":"other"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"b","queue":"default","reason":"suspended","at":50}}
<< {"jsonrpc":"2.0","id":5,"result":{"stack":["feed","other"],"active":"other"}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":50}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":7,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"banner","priority":2,"state":"showing","scope":"feed","key":"k","data":{"text":"hi"},"result":null,"seq":1,"createdAt":0,"readyAt":30,"expiresAt":1000,"durationMs":500,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":2,"mount":{"parent":"hud","sort":1},"persist":false},"resumed":true,"at":100,"layer":{"id":"alert:b","parent":"hud","sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}}
<< {"jsonrpc":"2.0","id":7,"result":{"stack":["feed"],"active":"feed"}}
