# The seed's second scenario: B's data arrives first and B shows. While B shows, C's and
# then A's data arrive and are kept (no preempt: nothing displaces what shows). When B
# closes, A shows (highest priority first, whatever arrived first), then C. Navigation as
# in the first scenario: A's button leads away, C waits until the user is back.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"redPacket","priority":30,"scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"redPacket","priority":30,"scope":"room","durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.defineType","params":{"type":"growthGift","priority":20,"scope":"room"}}
<< {"jsonrpc":"2.0","id":2,"result":{"type":"growthGift","priority":20,"scope":"room","durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.defineType","params":{"type":"follow","priority":10,"scope":"room"}}
<< {"jsonrpc":"2.0","id":3,"result":{"type":"follow","priority":10,"scope":"room","durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.set","params":{"stack":["room"]}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":5,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"growthGift","id":"B"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":50}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":150}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"follow","id":"C"}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"C","queue":"default","type":"follow","priority":10,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":150,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":50}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":200}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"redPacket","id":"A"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
# The order they would show in: B (showing), then A, then C.
>> {"jsonrpc":"2.0","id":11,"method":"alert.list","params":{}}
<< {"jsonrpc":"2.0","id":11,"result":{"alerts":[{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},{"id":"C","queue":"default","type":"follow","priority":10,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":150,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false}]}}
>> {"jsonrpc":"2.0","id":12,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":12,"result":{"now":300}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.complete","params":{"id":"B"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":300,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":300}}
<< {"jsonrpc":"2.0","id":13,"result":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":300,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":14,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":14,"result":{"now":400}}
>> {"jsonrpc":"2.0","id":15,"method":"nav.push","params":{"scope":"wallet"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"A","queue":"default","reason":"suspended","at":400}}
<< {"jsonrpc":"2.0","id":15,"result":{"stack":["room","wallet"],"active":"wallet"}}
>> {"jsonrpc":"2.0","id":16,"method":"alert.complete","params":{"id":"A"}}
<< {"jsonrpc":"2.0","id":16,"result":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":300,"endedAt":400,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":17,"method":"clock.advance","params":{"ms":400}}
<< {"jsonrpc":"2.0","id":17,"result":{"now":800}}
>> {"jsonrpc":"2.0","id":18,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"C","queue":"default","type":"follow","priority":10,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":150,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":800,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":800}}
<< {"jsonrpc":"2.0","id":18,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":19,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":19,"result":{"now":900}}
>> {"jsonrpc":"2.0","id":20,"method":"alert.complete","params":{"id":"C"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":900}}
<< {"jsonrpc":"2.0","id":20,"result":{"id":"C","queue":"default","type":"follow","priority":10,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":150,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":800,"endedAt":900,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
