// The landing page, Privacy and Accessibility: nothing of their own to draw.
import '../light';
