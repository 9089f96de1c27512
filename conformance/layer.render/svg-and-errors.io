# layer.render answers {svg}: the SVG text itself is Ordo's own markup (checked by the Swift
# and browser tests); here, that it is a string, and the errors: an unknown id (-32001), a
# size that is not > 0 (-32602 at /width), a point that is not an object (-32602 at /point),
# an unknown member of point (-32602 at /point/z).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"screen","frame":{"x":0,"y":0,"width":100,"height":200}}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"screen","parent":null,"sort":0,"index":0,"frame":{"x":0,"y":0,"width":100,"height":200},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"button","parent":"screen","frame":{"x":10,"y":10,"width":50,"height":20}}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"button","parent":"screen","sort":0,"index":0,"frame":{"x":10,"y":10,"width":50,"height":20},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.render","params":{"point":{"x":20,"y":15},"width":300}}
<< {"jsonrpc":"2.0","id":3,"result":{"svg":"$any:string"}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.render","params":{"id":"nowhere"}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nowhere"}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.render","params":{"width":0}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/width","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.render","params":{"point":5}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/point","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.render","params":{"point":{"x":1,"y":2,"z":3}}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/point/z","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.render","params":{"labels":false,"id":"screen"}}
<< {"jsonrpc":"2.0","id":8,"result":{"svg":"$any:string"}}
