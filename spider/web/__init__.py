"""The web app: routes that parse HTTP, call one use case of the play layer (``spider.play``) and
send the model it returns; who a request is (``identity``), the play layer's refusals in HTTP
(``http.errors``), the HTTP plumbing (``http``) and the static front end."""
