"""What the page shows and says: HTML, icons, words, the render functions, animation plans, what a screen reader hears, the legend."""
