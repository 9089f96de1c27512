# engine.reset goes back to a fresh engine: layers, alerts, queue settings, types,
# navigation, subscriptions and history are gone; the manual clock goes back to 0.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.defineType","params":{"type":"t","priority":7}}
<< {"jsonrpc":"2.0","id":2,"result":{"type":"t","priority":7,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":3,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":5,"method":"events.subscribe","params":{"topics":["alert.changed"]}}
<< {"jsonrpc":"2.0","id":5,"result":{"topics":["alert.changed"]}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"x"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"x","queue":"default","state":"showing","previous":"pending","reason":"shown","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":7,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":7,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":40}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":40}}
>> {"jsonrpc":"2.0","id":8,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":8,"result":null}
>> {"jsonrpc":"2.0","id":9,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":9,"result":{"now":0,"mode":"manual"}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.get","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"a"}}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.get","params":{"id":"x"}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"x"}}}
>> {"jsonrpc":"2.0","id":12,"method":"nav.get"}
<< {"jsonrpc":"2.0","id":12,"result":{"stack":[],"active":null}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.configure","params":{}}
<< {"jsonrpc":"2.0","id":13,"result":{"queue":"default","maxConcurrent":1,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":14,"method":"alert.enqueue","params":{"type":"t","id":"x"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":14,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":15,"method":"engine.stats"}
<< {"jsonrpc":"2.0","id":15,"result":{"layers":0,"alerts":{"scheduled":0,"pending":0,"showing":1,"suspended":0,"ended":0},"requests":15,"uptimeMs":"$any:integer","state":null}}
