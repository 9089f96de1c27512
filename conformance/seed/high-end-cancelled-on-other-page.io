# The seed's third scenario, second half: as before, but something on the other page
# makes B unnecessary (the user claimed the gift there): it is cancelled while the user is
# away, and B does not show on return.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"redPacket","priority":30,"scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"redPacket","priority":30,"scope":"room","durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.defineType","params":{"type":"growthGift","priority":20,"scope":"room"}}
<< {"jsonrpc":"2.0","id":2,"result":{"type":"growthGift","priority":20,"scope":"room","durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.set","params":{"stack":["room"]}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"redPacket","id":"A"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"growthGift","id":"B","at":1000}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"scheduled","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":100,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":200}}
>> {"jsonrpc":"2.0","id":8,"method":"nav.push","params":{"scope":"wallet"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"A","queue":"default","reason":"suspended","at":200}}
<< {"jsonrpc":"2.0","id":8,"result":{"stack":["room","wallet"],"active":"wallet"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.complete","params":{"id":"A"}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":200,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":10,"method":"clock.advance","params":{"ms":900}}
<< {"jsonrpc":"2.0","id":10,"result":{"now":1100}}
# B became ready meanwhile; now it is made unnecessary. The queue has nothing left: idle.
>> {"jsonrpc":"2.0","id":11,"method":"alert.cancel","params":{"type":"growthGift"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":1100}}
<< {"jsonrpc":"2.0","id":11,"result":{"cancelled":["B"]}}
>> {"jsonrpc":"2.0","id":12,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":12,"result":{"now":1200}}
# Back in the room: nothing shows.
>> {"jsonrpc":"2.0","id":13,"method":"nav.pop"}
<< {"jsonrpc":"2.0","id":13,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":14,"method":"alert.get","params":{"id":"B"}}
<< {"jsonrpc":"2.0","id":14,"result":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"cancelled","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":100,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":1100,"endReason":"cancelled","shownCount":0,"mount":null,"persist":false}}
