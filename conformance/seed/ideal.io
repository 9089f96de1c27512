# The seed's first scenario: three popups A (red packet), B (growth gift), C (follow)
# arrive in order and show in order, one at a time, on the room page. A's button takes the
# user to another page: the shell pushes the page first (A is suspended), then completes A.
# B and C wait while the user is away and continue, in order, after the user comes back.
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
# A's data arrives and A shows at once.
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"redPacket","id":"A","data":{"amount":8.88}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"showing","scope":"room","key":null,"data":{"amount":8.88},"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"showing","scope":"room","key":null,"data":{"amount":8.88},"result":null,"seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":200}}
# B and C arrive while A shows: they wait.
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"growthGift","id":"B"}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":300}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"follow","id":"C"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"C","queue":"default","type":"follow","priority":10,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":300,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"clock.advance","params":{"ms":700}}
<< {"jsonrpc":"2.0","id":11,"result":{"now":1000}}
# A's button opens the wallet: navigate first (A is suspended), then complete A.
>> {"jsonrpc":"2.0","id":12,"method":"nav.push","params":{"scope":"wallet"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"A","queue":"default","reason":"suspended","at":1000}}
<< {"jsonrpc":"2.0","id":12,"result":{"stack":["room","wallet"],"active":"wallet"}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.complete","params":{"id":"A","result":"opened wallet"}}
<< {"jsonrpc":"2.0","id":13,"result":{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"done","scope":"room","key":null,"data":{"amount":8.88},"result":"opened wallet","seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":1000,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":14,"method":"clock.advance","params":{"ms":2000}}
<< {"jsonrpc":"2.0","id":14,"result":{"now":3000}}
# Back in the room: B shows, then C when B is closed.
>> {"jsonrpc":"2.0","id":15,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":3000,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":3000}}
<< {"jsonrpc":"2.0","id":15,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":16,"method":"clock.advance","params":{"ms":1000}}
<< {"jsonrpc":"2.0","id":16,"result":{"now":4000}}
>> {"jsonrpc":"2.0","id":17,"method":"alert.complete","params":{"id":"B"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"C","queue":"default","type":"follow","priority":10,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":300,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":4000,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":4000}}
<< {"jsonrpc":"2.0","id":17,"result":{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":3000,"endedAt":4000,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":18,"method":"clock.advance","params":{"ms":1000}}
<< {"jsonrpc":"2.0","id":18,"result":{"now":5000}}
# The last one closes: the queue goes idle.
>> {"jsonrpc":"2.0","id":19,"method":"alert.complete","params":{"id":"C"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":5000}}
<< {"jsonrpc":"2.0","id":19,"result":{"id":"C","queue":"default","type":"follow","priority":10,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":300,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":4000,"endedAt":5000,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":20,"method":"alert.list","params":{"states":["done"]}}
<< {"jsonrpc":"2.0","id":20,"result":{"alerts":[{"id":"C","queue":"default","type":"follow","priority":10,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":300,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":4000,"endedAt":5000,"endReason":"completed","shownCount":1,"mount":null,"persist":false},{"id":"B","queue":"default","type":"growthGift","priority":20,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":3000,"endedAt":4000,"endReason":"completed","shownCount":1,"mount":null,"persist":false},{"id":"A","queue":"default","type":"redPacket","priority":30,"state":"done","scope":"room","key":null,"data":{"amount":8.88},"result":"opened wallet","seq":1,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":1000,"endReason":"completed","shownCount":1,"mount":null,"persist":false}]}}
