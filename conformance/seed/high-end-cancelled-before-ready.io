# The seed's third scenario, cancelled even before B was ready: the schedule is dropped,
# B never becomes pending, and nothing shows on return.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"redPacket","priority":30,"scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"redPacket","priority":30,"scope":"room","durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.defineType","params":{"type":"growthGift","priority":20,"scope":"room"}}
<< {"jsonrpc":"2.0","id":2,"result":{"type":"growthGift","priority":20,"scope":"room","durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.set","params":{"stack":["room"]}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"redPacket","id":"A"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"growthGift","id":"B","delayMs":1000}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"scheduled","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.push","params":{"scope":"wallet"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"A","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"stack":["room","wallet"],"active":"wallet"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"A"}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":8,"method":"clock.advance","params":{"ms":500}}
<< {"jsonrpc":"2.0","id":8,"result":{"now":500}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.cancel","params":{"id":"B"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":500}}
<< {"jsonrpc":"2.0","id":9,"result":{"cancelled":["B"]}}
>> {"jsonrpc":"2.0","id":10,"method":"nav.pop"}
<< {"jsonrpc":"2.0","id":10,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":11,"method":"clock.advance","params":{"ms":1500}}
<< {"jsonrpc":"2.0","id":11,"result":{"now":2000}}
