# alert.enqueue: an empty queue shows the alert at once (alert.show before the response);
# the next waits (pending). An omitted id is made by the engine; the type's defaults apply
# where the enqueue omits them (a member given as null counts as omitted), and the
# enqueue's own values win.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"gift","priority":20,"scope":"room","durationMs":5000,"ttlMs":60000,"queue":"modal"}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"gift","priority":20,"scope":"room","durationMs":5000,"ttlMs":60000,"queue":"modal","persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":2,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"gift","data":{"amount":5}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"alert-1","queue":"modal","type":"gift","priority":20,"state":"showing","scope":"room","key":null,"data":{"amount":5},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":60000,"durationMs":5000,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"alert-1","queue":"modal","type":"gift","priority":20,"state":"showing","scope":"room","key":null,"data":{"amount":5},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":60000,"durationMs":5000,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"gift","id":"mine","priority":1,"queue":"default","scope":null,"durationMs":10,"ttlMs":20,"data":[1]}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"mine","queue":"default","type":"gift","priority":1,"state":"showing","scope":"room","key":null,"data":[1],"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":20,"durationMs":10,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"mine","queue":"default","type":"gift","priority":1,"state":"showing","scope":"room","key":null,"data":[1],"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":20,"durationMs":10,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"plain","queue":"modal"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"alert-2","queue":"modal","type":"plain","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
