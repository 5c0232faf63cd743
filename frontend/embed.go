// Package frontend embeds the built React app (frontend/dist, made by `npm run build`) so
// the binary serves it under /eAbwasser/.
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist is the built app: index.html and assets/. Without a build it holds only .gitkeep.
var Dist, _ = fs.Sub(dist, "dist")
