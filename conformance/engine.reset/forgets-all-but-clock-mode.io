# engine.reset goes back to a fresh engine: layers, alerts, ended-alert history, show
# history, queue settings, types, navigation and subscriptions are gone, and the generated
# layer ids and seq start again; the manual clock goes back to 0 (protocol.md, Lifecycle:
# "every layer, alert, ended-alert history, show history, queue setting and pause, type,
# the navigation stack, subscriptions and the id and `seq` counters are dropped. Only the
# clock mode is kept: a manual clock goes back to 0"), and "a reset is silent" (x showing,
# subscribed: no alert.hide, no alert.changed). engine.stats's requests counts on: they
# "describe the process and are not reset by `engine.reset`".
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"layer-1","parent":null,"sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.defineType","params":{"type":"t","priority":7}}
<< {"jsonrpc":"2.0","id":3,"result":{"type":"t","priority":7,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":4,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":5,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":6,"method":"events.subscribe","params":{"topics":["alert.changed"]}}
<< {"jsonrpc":"2.0","id":6,"result":{"topics":["alert.changed"]}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"x"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"x","queue":"default","state":"showing","previous":"pending","reason":"shown","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":7,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":7,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"y"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"y","queue":"default","state":"showing","previous":"pending","reason":"shown","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"y","queue":"default","type":"t","priority":7,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"y","queue":"default","type":"t","priority":7,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.complete","params":{"id":"y"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"y","queue":"default","state":"done","previous":"showing","reason":"completed","at":0}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"y","queue":"default","type":"t","priority":7,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":10,"method":"clock.advance","params":{"ms":40}}
<< {"jsonrpc":"2.0","id":10,"result":{"now":40}}
# Before the reset: x shows, y has ended (kept in its queue's history), two counted shows.
>> {"jsonrpc":"2.0","id":11,"method":"alert.get","params":{"id":"y"}}
<< {"jsonrpc":"2.0","id":11,"result":{"id":"y","queue":"default","type":"t","priority":7,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.history"}
<< {"jsonrpc":"2.0","id":12,"result":{"shows":[{"id":"y","type":"t","key":null,"queue":"default","at":0,"wallAt":0},{"id":"x","type":"t","key":null,"queue":"default","at":0,"wallAt":0}]}}
>> {"jsonrpc":"2.0","id":13,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":13,"result":null}
>> {"jsonrpc":"2.0","id":14,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":14,"result":{"now":0,"mode":"manual"}}
>> {"jsonrpc":"2.0","id":15,"method":"layer.get","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":15,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"a"}}}
>> {"jsonrpc":"2.0","id":16,"method":"alert.get","params":{"id":"x"}}
<< {"jsonrpc":"2.0","id":16,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"x"}}}
>> {"jsonrpc":"2.0","id":17,"method":"alert.get","params":{"id":"y"}}
<< {"jsonrpc":"2.0","id":17,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"y"}}}
>> {"jsonrpc":"2.0","id":18,"method":"alert.history"}
<< {"jsonrpc":"2.0","id":18,"result":{"shows":[]}}
>> {"jsonrpc":"2.0","id":19,"method":"nav.get"}
<< {"jsonrpc":"2.0","id":19,"result":{"stack":[],"active":null}}
>> {"jsonrpc":"2.0","id":20,"method":"alert.configure","params":{}}
<< {"jsonrpc":"2.0","id":20,"result":{"queue":"default","maxConcurrent":1,"minGapMs":0,"historyLimit":1000}}
# The type's priority 7 is gone (priority 0), seq starts at 1 again, no alert.changed (no
# subscription), and the next generated layer id is layer-1 again.
>> {"jsonrpc":"2.0","id":21,"method":"alert.enqueue","params":{"type":"t","id":"x"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":21,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":22,"method":"layer.add","params":{}}
<< {"jsonrpc":"2.0","id":22,"result":{"id":"layer-1","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":23,"method":"engine.stats"}
<< {"jsonrpc":"2.0","id":23,"result":{"layers":1,"alerts":{"scheduled":0,"pending":0,"showing":1,"suspended":0,"ended":0},"requests":23,"uptimeMs":"$any:integer","state":null}}
