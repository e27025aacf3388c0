// The 404 page lives in code rather than in public/ so that seeding or crawling the public
// directory never puts "Page not found" into the knowledge base as if it were court information.
export const NOT_FOUND_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found | Superior Court of Example County</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/site.css">
</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header">
<div class="site-bar">
<p class="site-name"><a href="/">Superior Court of Example County</a></p>
</div>
</header>
<main id="main" class="page">
<h1>Page not found</h1>
<p>We could not find that page. It may have moved, or the address may be mistyped.</p>
<ul>
<li><a href="/">Go to the home page</a></li>
<li><a href="/forms/">Find a court form</a></li>
<li><a href="/contact/">Contact the clerk's office</a></li>
</ul>
</main>
<script src="{RELAY_URL}/widget.js" async data-title="Example County Court Help" data-color="#1d3557"></script>
</body>
</html>
`;
