# A suspended alert does not get its slot back by right, and a pause holds it back.
# protocol.md, Navigation: "A suspended alert competes again like a pending one when its
# page comes back: it does not get its slot back by right. While the user was away, an
# alert without a `scope` may have taken that slot, and it stays; the page's alert,
# without `preempt`, waits for it to close." "A paused queue resumes no suspended alert
# until its last pause reason is released, and suspending still happens while paused".
## args: --clock manual
# r (priority 5, room) shows; on shop it is suspended and u (no scope, 0) takes the slot.
# Back on room nothing changes, though r's priority is higher; r shows when u closes.
>> {"jsonrpc":"2.0","id":1,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"r","scope":"room","priority":5}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r","queue":"default","type":"t","priority":5,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"r","queue":"default","type":"t","priority":5,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.push","params":{"scope":"shop"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"r","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["room","shop"],"active":"shop"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"u"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"u","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"u","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.pop"}
<< {"jsonrpc":"2.0","id":5,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"u"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r","queue":"default","type":"t","priority":5,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"u","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
# Paused (modal): leaving the page still suspends r; coming back shows nothing. A second
# reason (video) keeps the queue paused after modal goes; releasing the last one shows r.
>> {"jsonrpc":"2.0","id":7,"method":"alert.pause","params":{"reason":"modal"}}
<< {"jsonrpc":"2.0","id":7,"result":{"paused":true,"reasons":["modal"]}}
>> {"jsonrpc":"2.0","id":8,"method":"nav.push","params":{"scope":"shop"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"r","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"stack":["room","shop"],"active":"shop"}}
>> {"jsonrpc":"2.0","id":9,"method":"nav.pop"}
<< {"jsonrpc":"2.0","id":9,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.pause","params":{"reason":"video"}}
<< {"jsonrpc":"2.0","id":10,"result":{"paused":true,"reasons":["modal","video"]}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.resume","params":{"reason":"modal"}}
<< {"jsonrpc":"2.0","id":11,"result":{"paused":true,"reasons":["video"]}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.resume","params":{"reason":"video"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r","queue":"default","type":"t","priority":5,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":3,"mount":null,"persist":false},"resumed":true,"at":0}}
<< {"jsonrpc":"2.0","id":12,"result":{"paused":false,"reasons":[]}}
