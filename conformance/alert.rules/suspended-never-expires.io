# While its page is covered, a suspended alert does not expire, gets no alert.update for a
# dedupe replace, and its durationMs starts afresh when it shows again; a pending alert of
# that page does expire. protocol.md, States: a suspended alert "can still be completed or
# cancelled, and it does not expire"; Timers: "An alert that has shown never expires (a
# suspended one included)", durationMs "restarts at each show (a resumed alert gets its full
# duration again)"; Dedupe: "If it is showing and something changed, `alert.update` is
# sent"; Events: alert.idle when nothing is "showing, suspended, pending or scheduled".
## args: --clock manual
# On room: s (ttlMs 100, durationMs 50) shows at 0; w (ttlMs 100) waits.
>> {"jsonrpc":"2.0","id":1,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":2,"method":"events.subscribe","params":{"topics":["alert.changed"]}}
<< {"jsonrpc":"2.0","id":2,"result":{"topics":["alert.changed"]}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"s","key":"k","scope":"room","ttlMs":100,"durationMs":50}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"s","queue":"default","state":"showing","previous":"pending","reason":"shown","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"s","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":50,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"s","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":50,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"w","scope":"room","ttlMs":100}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"w","queue":"default","type":"t","priority":0,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
# At 10 the user leaves: s is suspended (before its durationMs ran out).
>> {"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","id":5,"result":{"now":10}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.push","params":{"scope":"other"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"s","queue":"default","state":"suspended","previous":"showing","reason":"suspended","at":10}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"s","queue":"default","reason":"suspended","at":10}}
<< {"jsonrpc":"2.0","id":6,"result":{"stack":["room","other"],"active":"other"}}
# A replace while s is suspended: its data changes, no alert.update (it is not on screen).
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","key":"k","data":{"v":2}}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"s","queue":"default","type":"t","priority":0,"state":"suspended","scope":"room","key":"k","data":{"v":2},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":50,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"replaced"}}
# Past both TTLs: w (pending) expires at 100; s (suspended) does not, and the queue is
# not idle (s still holds it).
>> {"jsonrpc":"2.0","id":8,"method":"clock.advance","params":{"ms":200}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"w","queue":"default","state":"expired","previous":"pending","reason":"expired","at":100}}
<< {"jsonrpc":"2.0","id":8,"result":{"now":210}}
# Back at 210: s shows again (resumed, with its new data) and times out 50 ms later, at 260.
>> {"jsonrpc":"2.0","id":9,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"s","queue":"default","state":"showing","previous":"suspended","reason":"resumed","at":210}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"s","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":"k","data":{"v":2},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":50,"shownAt":210,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":210}}
<< {"jsonrpc":"2.0","id":9,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":10,"method":"clock.advance","params":{"ms":49}}
<< {"jsonrpc":"2.0","id":10,"result":{"now":259}}
>> {"jsonrpc":"2.0","id":11,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"s","queue":"default","state":"done","previous":"showing","reason":"timeout","at":260}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"s","queue":"default","reason":"timeout","at":260}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":260}}
<< {"jsonrpc":"2.0","id":11,"result":{"now":260}}
