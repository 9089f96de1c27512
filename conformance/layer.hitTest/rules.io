# layer.hitTest: from the top sibling down, children before their parent; a frame is in
# its parent's coordinates (a group's children use the group's parent's); [x, x+width)
# is half-open; groups are never hit themselves and clips has no effect on them; hidden
# and non-interactive layers are skipped with their subtrees; a clips layer whose frame
# misses the point is skipped with its subtree; children of a non-clipping layer are hit
# outside its frame; path runs from the top-level ancestor to the hit layer.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"back","frame":{"x":0,"y":0,"width":100,"height":100}}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"back","parent":null,"sort":0,"index":0,"frame":{"x":0,"y":0,"width":100,"height":100},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"group","sort":1,"clips":true}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"group","parent":null,"sort":1,"index":1,"hidden":false,"interactive":true,"clips":true,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"card","parent":"group","frame":{"x":10,"y":10,"width":20,"height":20}}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"card","parent":"group","sort":0,"index":0,"frame":{"x":10,"y":10,"width":20,"height":20},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"badge","parent":"card","frame":{"x":15,"y":15,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"badge","parent":"card","sort":0,"index":0,"frame":{"x":15,"y":15,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"clip","sort":2,"clips":true,"frame":{"x":50,"y":50,"width":10,"height":10}}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"clip","parent":null,"sort":2,"index":2,"frame":{"x":50,"y":50,"width":10,"height":10},"hidden":false,"interactive":true,"clips":true,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":{"id":"clipped","parent":"clip","frame":{"x":5,"y":5,"width":20,"height":20}}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"clipped","parent":"clip","sort":0,"index":0,"frame":{"x":5,"y":5,"width":20,"height":20},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.add","params":{"id":"ghost","sort":3,"interactive":false,"frame":{"x":0,"y":0,"width":100,"height":100}}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"ghost","parent":null,"sort":3,"index":3,"frame":{"x":0,"y":0,"width":100,"height":100},"hidden":false,"interactive":false,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.add","params":{"id":"ghost-child","parent":"ghost","frame":{"x":0,"y":0,"width":100,"height":100}}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"ghost-child","parent":"ghost","sort":0,"index":0,"frame":{"x":0,"y":0,"width":100,"height":100},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
# Inside card only.
>> {"jsonrpc":"2.0","id":9,"method":"layer.hitTest","params":{"x":12,"y":12}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"card","path":["group","card"]}}
# Inside badge, outside its parent card (card does not clip).
>> {"jsonrpc":"2.0","id":10,"method":"layer.hitTest","params":{"x":32,"y":32}}
<< {"jsonrpc":"2.0","id":10,"result":{"id":"badge","path":["group","card","badge"]}}
# Inside clip and clipped: the child first.
>> {"jsonrpc":"2.0","id":11,"method":"layer.hitTest","params":{"x":57,"y":57}}
<< {"jsonrpc":"2.0","id":11,"result":{"id":"clipped","path":["clip","clipped"]}}
# Inside clipped's frame but outside clip's: clip and its subtree are skipped.
>> {"jsonrpc":"2.0","id":12,"method":"layer.hitTest","params":{"x":70,"y":70}}
<< {"jsonrpc":"2.0","id":12,"result":{"id":"back","path":["back"]}}
# x = 100 is just outside back's [0, 100).
>> {"jsonrpc":"2.0","id":13,"method":"layer.hitTest","params":{"x":100,"y":5}}
<< {"jsonrpc":"2.0","id":13,"result":{"id":null,"path":[]}}
>> {"jsonrpc":"2.0","id":14,"method":"layer.hitTest","params":{"x":99.5,"y":0}}
<< {"jsonrpc":"2.0","id":14,"result":{"id":"back","path":["back"]}}
# A hidden card takes its badge with it.
>> {"jsonrpc":"2.0","id":15,"method":"layer.update","params":{"id":"card","hidden":true}}
<< {"jsonrpc":"2.0","id":15,"result":{"id":"card","parent":"group","sort":0,"index":0,"frame":{"x":10,"y":10,"width":20,"height":20},"hidden":true,"interactive":true,"clips":false,"childCount":1}}
>> {"jsonrpc":"2.0","id":16,"method":"layer.hitTest","params":{"x":32,"y":32}}
<< {"jsonrpc":"2.0","id":16,"result":{"id":"back","path":["back"]}}
# id limits the search to that layer's subtree.
>> {"jsonrpc":"2.0","id":17,"method":"layer.hitTest","params":{"x":57,"y":57,"id":"clip"}}
<< {"jsonrpc":"2.0","id":17,"result":{"id":"clipped","path":["clip","clipped"]}}
>> {"jsonrpc":"2.0","id":18,"method":"layer.hitTest","params":{"x":5,"y":5,"id":"clip"}}
<< {"jsonrpc":"2.0","id":18,"result":{"id":null,"path":[]}}
>> {"jsonrpc":"2.0","id":19,"method":"layer.hitTest","params":{"x":1}}
<< {"jsonrpc":"2.0","id":19,"error":{"code":-32602,"message":"$any:string","data":{"path":"/y","expected":"$any:string"}}}
