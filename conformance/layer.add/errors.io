# layer.add errors: duplicate id -32002, unknown parent or sibling -32001, reserved
# "alert:" ids, negative width and unknown members -32602, more than --max-layers -32004.
## args: --clock manual --max-layers 2
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"$any:string","data":{"kind":"layer","id":"a"}}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"b","parent":"missing"}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"missing"}}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"b","above":"missing"}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"missing"}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"alert:x"}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":{"id":"b","frame":{"x":0,"y":0,"width":-1,"height":1}}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/width","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.add","params":{"id":"b","sorte":1}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sorte","expected":"$any:string","suggestion":"sort"}}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.add","params":{"id":""}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.add","params":{"id":"b"}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"b","parent":null,"sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.add","params":{"id":"c"}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxLayers","limit":2,"value":3}}}
>> {"jsonrpc":"2.0","id":11,"method":"layer.get","params":{"id":"c"}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"c"}}}
