# layer.get answers the layer: parent, sort, index, frame, flags, childCount, data.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"p","frame":{"x":1,"y":2,"width":3,"height":4},"data":"note"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"p","parent":null,"sort":0,"index":0,"frame":{"x":1,"y":2,"width":3,"height":4},"hidden":false,"interactive":true,"clips":false,"childCount":0,"data":"note"}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"k","parent":"p","sort":-4}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"k","parent":"p","sort":-4,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.get","params":{"id":"p"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"p","parent":null,"sort":0,"index":0,"frame":{"x":1,"y":2,"width":3,"height":4},"hidden":false,"interactive":true,"clips":false,"childCount":1,"data":"note"}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.get","params":{"id":"k"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"k","parent":"p","sort":-4,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.get","params":{"id":"nope"}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nope"}}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.get","params":{"id":7}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
