# preempt belongs to the alert and acts whenever it becomes eligible: when a dedupe replace
# raises its priority above the showing one, and when its page comes back.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"low","priority":1}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"low","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"low","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"x","key":"k","priority":0,"preempt":true}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":"k","data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","key":"k","priority":5}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"low","queue":"default","reason":"preempted","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"replaced"}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.push","params":{"scope":"away"}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":["away"],"active":"away"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"scoped","scope":"room","priority":9,"preempt":true}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"scoped","queue":"default","type":"t","priority":9,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.set","params":{"stack":["room"]}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"x","queue":"default","reason":"preempted","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"scoped","queue":"default","type":"t","priority":9,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"stack":["room"],"active":"room"}}
