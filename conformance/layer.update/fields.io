# layer.update: a changed sort re-places the layer by the ordering rule (newest of equal
# sorts on top); an unchanged sort leaves it where it is; frame null and data null clear.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a","sort":1,"frame":{"x":0,"y":0,"width":10,"height":10},"data":{"n":1}}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":1,"index":0,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0,"data":{"n":1}}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"b","sort":1}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"b","parent":null,"sort":1,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"c","sort":2}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"c","parent":null,"sort":2,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.update","params":{"id":"a","sort":1}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"a","parent":null,"sort":1,"index":0,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0,"data":{"n":1}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.update","params":{"id":"a","sort":2}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"a","parent":null,"sort":2,"index":2,"frame":{"x":0,"y":0,"width":10,"height":10},"hidden":false,"interactive":true,"clips":false,"childCount":0,"data":{"n":1}}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.update","params":{"id":"a","hidden":true,"interactive":false,"clips":true,"frame":null,"data":null}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"a","parent":null,"sort":2,"index":2,"hidden":true,"interactive":false,"clips":true,"childCount":0}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.update","params":{"id":"a","frame":{"x":1,"y":2,"width":3,"height":4},"data":[1,2]}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"a","parent":null,"sort":2,"index":2,"frame":{"x":1,"y":2,"width":3,"height":4},"hidden":true,"interactive":false,"clips":true,"childCount":0,"data":[1,2]}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.children"}
<< {"jsonrpc":"2.0","id":8,"result":{"total":3,"layers":[{"id":"b","parent":null,"sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"c","parent":null,"sort":2,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"a","parent":null,"sort":2,"index":2,"frame":{"x":1,"y":2,"width":3,"height":4},"hidden":true,"interactive":false,"clips":true,"childCount":0,"data":[1,2]}]}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.update","params":{"id":"zz","sort":1}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"zz"}}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.update","params":{"id":"a","frame":{"x":0,"y":0,"width":1}}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/height","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":11,"method":"layer.update","params":{"id":"a","parent":"b"}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32602,"message":"$any:string","data":{"path":"/parent","expected":"$any:string"}}}
