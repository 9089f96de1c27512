# layer.move in detail. protocol.md, Layer methods: "Ordo's choice: a move with no
# placement goes on top of its equal sorts, even within the same parent (so `move {id}` is
# 'raise among equals')"; "`parent` left out: the same parent (with `above`/`below`: the
# sibling's) ... `sort` left out: the layer keeps its sort. The layer is then re-placed by
# the ordering rule, or next to `above`/`below` with that sibling's sort"; "Errors are
# checked in this order: the params (as for `layer.add`), the layer, the new parent, the
# sibling, the sibling being the layer itself, a `parent` other than the sibling's, the
# cycle." Paint and hit order follow (hit order is the reverse of paint order).
## args: --clock manual
# Under P1, a then b (sort 5, same frame): b, the newer, is on top and is hit.
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"P1","frame":{"x":0,"y":0,"width":100,"height":100}}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"P1","parent":null,"sort":0,"index":0,"frame":{"x":0,"y":0,"width":100,"height":100},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"P2","sort":1,"frame":{"x":100,"y":0,"width":100,"height":100}}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"P2","parent":null,"sort":1,"index":1,"frame":{"x":100,"y":0,"width":100,"height":100},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"a","parent":"P1","sort":5,"frame":{"x":0,"y":0,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"a","parent":"P1","sort":5,"index":0,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"b","parent":"P1","sort":5,"frame":{"x":0,"y":0,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"b","parent":"P1","sort":5,"index":1,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.hitTest","params":{"x":5,"y":5}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"b","path":["P1","b"]}}
# move {id: a}: a goes above b (index 1) and is now the one hit.
>> {"jsonrpc":"2.0","id":6,"method":"layer.move","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"a","parent":"P1","sort":5,"index":1,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.hitTest","params":{"x":5,"y":5}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"a","path":["P1","a"]}}
# Into P2, which holds c (5) and d (7): a keeps its sort 5 and goes above c (equal, newer),
# below d. b placed above c (parent left out: c's parent, P2) goes directly above c, below
# a: P2 holds c, b, a, d.
>> {"jsonrpc":"2.0","id":8,"method":"layer.add","params":{"id":"c","parent":"P2","sort":5,"frame":{"x":0,"y":0,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"c","parent":"P2","sort":5,"index":0,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.add","params":{"id":"d","parent":"P2","sort":7,"frame":{"x":0,"y":0,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"d","parent":"P2","sort":7,"index":1,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.move","params":{"id":"a","parent":"P2"}}
<< {"jsonrpc":"2.0","id":10,"result":{"id":"a","parent":"P2","sort":5,"index":1,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":11,"method":"layer.move","params":{"id":"b","above":"c"}}
<< {"jsonrpc":"2.0","id":11,"result":{"id":"b","parent":"P2","sort":5,"index":1,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":12,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":12,"result":{"ids":["P1","P2","c","b","a","d"]}}
# The children now use P2's coordinates: (105, 5) is (5, 5) in P2. d is on top; hidden,
# it lets a be hit.
>> {"jsonrpc":"2.0","id":13,"method":"layer.hitTest","params":{"x":105,"y":5}}
<< {"jsonrpc":"2.0","id":13,"result":{"id":"d","path":["P2","d"]}}
>> {"jsonrpc":"2.0","id":14,"method":"layer.update","params":{"id":"d","hidden":true}}
<< {"jsonrpc":"2.0","id":14,"result":{"id":"d","parent":"P2","sort":7,"index":3,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":true,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":15,"method":"layer.hitTest","params":{"x":105,"y":5}}
<< {"jsonrpc":"2.0","id":15,"result":{"id":"a","path":["P2","a"]}}
# The order of the checks: the layer before the new parent; the new parent before the
# sibling; the sibling before a parent other than the sibling's; the sibling being the
# layer itself before that; a parent other than the sibling's before the cycle.
>> {"jsonrpc":"2.0","id":16,"method":"layer.move","params":{"id":"nope","parent":"nope2"}}
<< {"jsonrpc":"2.0","id":16,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nope"}}}
>> {"jsonrpc":"2.0","id":17,"method":"layer.move","params":{"id":"b","parent":"nope2","above":"nope3"}}
<< {"jsonrpc":"2.0","id":17,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nope2"}}}
>> {"jsonrpc":"2.0","id":18,"method":"layer.move","params":{"id":"b","above":"nope3","parent":"P1"}}
<< {"jsonrpc":"2.0","id":18,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nope3"}}}
>> {"jsonrpc":"2.0","id":19,"method":"layer.move","params":{"id":"b","above":"b","parent":"P1"}}
<< {"jsonrpc":"2.0","id":19,"error":{"code":-32602,"message":"$any:string","data":{"path":"/above","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":20,"method":"layer.move","params":{"id":"P2","parent":"a","above":"P1"}}
<< {"jsonrpc":"2.0","id":20,"error":{"code":-32602,"message":"$any:string","data":{"path":"/parent","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":21,"method":"layer.move","params":{"id":"P2","parent":"a"}}
<< {"jsonrpc":"2.0","id":21,"error":{"code":-32003,"message":"$any:string","data":{"reason":"cycle"}}}
# parent null names the top level, P1's parent: b goes directly below P1, with its sort 0.
>> {"jsonrpc":"2.0","id":22,"method":"layer.move","params":{"id":"b","below":"P1","parent":null}}
<< {"jsonrpc":"2.0","id":22,"result":{"id":"b","parent":null,"sort":0,"index":0,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":23,"method":"layer.children"}
<< {"jsonrpc":"2.0","id":23,"result":{"total":3,"layers":[{"id":"b","parent":null,"sort":0,"index":0,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"P1","parent":null,"sort":0,"index":1,"frame":{"x":0,"y":0,"width":100,"height":100},"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"P2","parent":null,"sort":1,"index":2,"frame":{"x":100,"y":0,"width":100,"height":100},"hidden":false,"interactive":true,"clips":false,"childCount":3}]}}
