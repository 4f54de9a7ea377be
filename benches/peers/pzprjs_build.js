// Builds pzprjs (the source of puzz.link) for Node without its Grunt
// tool chain: concatenates the files `src/pzpr.js` lists into
// `dist/js/pzpr.js` (filling in the few template tags Grunt would), and
// copies the genre scripts to `dist/js/pzpr-variety/`, where pzprjs
// loads them from under Node.
//
//   node benches/peers/pzprjs_build.js PZPRJS_DIR
//
// PZPRJS_DIR is a checkout of robx/pzprjs with `npm install` run in it
// (for `pzpr-canvas`). See benches/peers/README.md, "puzz.link".

"use strict";
const fs = require("fs");
const path = require("path");

const dir = path.resolve(process.argv[2] || ".");
const files = require(path.join(dir, "src/pzpr.js")).files;
const failcode = (lang) =>
	fs.readFileSync(path.join(dir, `src/res/failcode.${lang}.json`), "utf-8");

let out = "";
for (const f of files) {
	let text = fs.readFileSync(path.join(dir, f), "utf-8");
	text = text
		.replace(/<%=\s*git\.hash\s*%>/g, "peer-build")
		.replace(/<%=\s*JSON\.stringify\(langs\.failcode_en\)\s*%>/g, failcode("en"))
		.replace(/<%=\s*JSON\.stringify\(langs\.failcode_ja\)\s*%>/g, failcode("ja"));
	if (/<%=/.test(text)) {
		throw new Error(`${f}: a template tag this script does not fill`);
	}
	out += text + "\n";
}
const dist = path.join(dir, "dist/js");
fs.mkdirSync(path.join(dist, "pzpr-variety"), { recursive: true });
fs.writeFileSync(path.join(dist, "pzpr.js"), out);
for (const f of fs.readdirSync(path.join(dir, "src/variety"))) {
	fs.copyFileSync(
		path.join(dir, "src/variety", f),
		path.join(dist, "pzpr-variety", f)
	);
}
console.log(`built ${path.join(dist, "pzpr.js")} (${files.length} files)`);
